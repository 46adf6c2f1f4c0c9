import type { Knex } from 'knex';
import { ActiveTicketStatuses } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import { addTicketLog } from '../messaging/ticket-logs.js';

export type MergeReason = 'identity' | 'manual';

/** What a merge moves from the merged contact to the kept one (the preview and the log). */
export interface MergeCounts {
  tickets: number;
  /** Active tickets of both on the same connection: the merged one's messages join the kept one's, and it is closed. */
  joinedTickets: number;
  messages: number;
  tags: number;
  notes: number;
}

export interface MergeResult extends MergeCounts {
  keptId: number;
  mergedId: number;
  /** Tickets closed because their messages joined the kept contact's active ticket on the same connection. */
  closedTicketIds: number[];
}

interface ContactLock {
  id: number;
  name: string;
  number: string;
  lid: string | null;
  /** The channel's own address of the person (a website visitor's peer id, a PSID), when it is no phone. */
  remoteJid: string | null;
  email: string;
  profilePicUrl: string | null;
  channel: string;
  isGroup: boolean;
  lastMessageAt: Date | null;
  ownerUserId: number | null;
  birthday: string | null;
}

const ACTIVE = [...ActiveTicketStatuses];

async function count(query: Knex.QueryBuilder): Promise<number> {
  const [row] = await query.count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** What merging `mergedId` into `keptId` would move, read without writing. */
export async function previewMerge(db: Knex, companyId: number, keptId: number, mergedId: number): Promise<MergeCounts> {
  const joined = await db('tickets as d')
    .join('tickets as k', function () {
      this.on('k.whatsappId', 'd.whatsappId').andOn('k.companyId', 'd.companyId');
    })
    .where({ 'd.companyId': companyId, 'd.contactId': mergedId, 'k.contactId': keptId })
    .whereIn('d.status', ACTIVE)
    .whereIn('k.status', ACTIVE)
    .count({ n: '*' });
  return {
    tickets: await count(db('tickets').where({ companyId, contactId: mergedId })),
    joinedTickets: Number(joined[0]?.n ?? 0),
    messages: await count(db('messages').where({ companyId, contactId: mergedId })),
    tags: await count(db('contactTags').where({ contactId: mergedId }).whereNotIn('tagId', db('contactTags').where({ contactId: keptId }).select('tagId'))),
    notes: await count(db('ticketNotes').where({ companyId, contactId: mergedId })),
  };
}

/** Every (table, column) holding a contact id by foreign key: core's and the plugins' tables alike. */
async function contactReferences(trx: Knex.Transaction): Promise<{ table: string; column: string }[]> {
  const { rows } = await trx.raw(
    `select c.conrelid::regclass::text as ref_table, a.attname as ref_column
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'contacts'::regclass`,
  );
  return (rows as { refTable?: string; ref_table?: string; refColumn?: string; ref_column?: string }[]).map((r) => ({
    table: (r.refTable ?? r.ref_table) as string,
    column: (r.refColumn ?? r.ref_column) as string,
  }));
}

/** The kept contact's active ticket on each connection where the merged one also has one: their messages join. */
async function joinActiveTickets(trx: Knex.Transaction, companyId: number, keptId: number, mergedId: number): Promise<{ closed: number[]; messages: number }> {
  const pairs: { keptTicket: number; mergedTicket: number; unread: number }[] = await trx('tickets as d')
    .join('tickets as k', function () {
      this.on('k.whatsappId', 'd.whatsappId').andOn('k.companyId', 'd.companyId');
    })
    .where({ 'd.companyId': companyId, 'd.contactId': mergedId, 'k.contactId': keptId })
    .whereIn('d.status', ACTIVE)
    .whereIn('k.status', ACTIVE)
    .select({ keptTicket: 'k.id', mergedTicket: 'd.id', unread: 'd.unreadMessages' });
  let messages = 0;
  for (const pair of pairs) {
    messages += await trx('messages').where({ companyId, ticketId: pair.mergedTicket }).update({ ticketId: pair.keptTicket });
    await trx('ticketNotes').where({ companyId, ticketId: pair.mergedTicket }).update({ ticketId: pair.keptTicket });
    await trx.raw(
      `insert into ticket_tags (company_id, ticket_id, tag_id) select company_id, ?, tag_id from ticket_tags where ticket_id = ? on conflict do nothing`,
      [pair.keptTicket, pair.mergedTicket],
    );
    await trx('tickets')
      .where({ id: pair.keptTicket })
      .update({ unreadMessages: trx.raw('unread_messages + ?', [pair.unread]), updatedAt: trx.fn.now() });
    await trx('tickets').where({ id: pair.mergedTicket }).update({ status: 'closed', unreadMessages: 0, closedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await addTicketLog(trx, { companyId, ticketId: pair.mergedTicket, type: 'closed', data: { mergedInto: pair.keptTicket } });
  }
  return { closed: pairs.map((p) => p.mergedTicket), messages };
}

/** Fields the kept contact lacks, taken from the merged one (its own values win). */
function filledFields(kept: ContactLock, merged: ContactLock): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (!kept.number && merged.number) changes.number = merged.number;
  if (!kept.lid && merged.lid) changes.lid = merged.lid;
  // The kept contact's own channel address wins: the merged one's browser (a website visitor) starts a new contact.
  if (!kept.remoteJid && merged.remoteJid) changes.remoteJid = merged.remoteJid;
  if (!kept.email && merged.email) changes.email = merged.email;
  if (!kept.profilePicUrl && merged.profilePicUrl) changes.profilePicUrl = merged.profilePicUrl;
  // The wallet and the birthday (issue #33) follow the same rule: the kept contact's own win.
  if (!kept.ownerUserId && merged.ownerUserId) changes.ownerUserId = merged.ownerUserId;
  if (!kept.birthday && merged.birthday) changes.birthday = merged.birthday;
  // A name that is only an address (the number or the LID) gives way to a real one.
  const placeholder = [kept.number, kept.lid, kept.remoteJid, ''].includes(kept.name);
  if (placeholder && merged.name && ![merged.number, merged.lid, merged.remoteJid].includes(merged.name)) changes.name = merged.name;
  if (merged.lastMessageAt && (!kept.lastMessageAt || merged.lastMessageAt > kept.lastMessageAt)) changes.lastMessageAt = merged.lastMessageAt;
  return changes;
}

/**
 * Merges contact `mergedId` into `keptId` inside `trx`: tickets, messages, tags, notes, ratings,
 * custom fields and every other row pointing at the merged contact (plugins' tables too) move to
 * the kept one; an active ticket of each on the same connection becomes one (the merged one's
 * messages join the kept one's, the emptied one is closed and logged); the kept contact takes the
 * addresses and fields it lacks; the merged row is deleted and the merge logged in contact_merges.
 * Both rows are locked in id order first, so concurrent merges of the same pair serialize; the
 * second one finds the merged row gone and answers null. Never across companies or channels.
 */
export async function mergeContacts(
  trx: Knex.Transaction,
  companyId: number,
  keptId: number,
  mergedId: number,
  by: { reason: MergeReason; userId?: number | null },
): Promise<MergeResult | null> {
  if (keptId === mergedId) throw new AppError('ERR_CONTACT_MERGE_SAME', 400);
  const rows: ContactLock[] = await trx('contacts')
    .where({ companyId })
    .whereIn('id', [keptId, mergedId])
    .orderBy('id')
    .forUpdate()
    .select('id', 'name', 'number', 'lid', 'remoteJid', 'email', 'profilePicUrl', 'channel', 'isGroup', 'lastMessageAt', 'ownerUserId', 'birthday');
  const kept = rows.find((r) => r.id === keptId);
  const merged = rows.find((r) => r.id === mergedId);
  if (!kept || !merged) {
    if (by.reason === 'identity') return null;
    throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  }
  if (kept.channel !== merged.channel || kept.isGroup !== merged.isGroup) throw new AppError('ERR_CONTACT_MERGE_CHANNEL', 400);

  const counts = await previewMerge(trx, companyId, keptId, mergedId);
  const joined = await joinActiveTickets(trx, companyId, keptId, mergedId);
  // Rows with a uniqueness per contact first: the kept contact's own entry wins.
  await trx.raw(
    `insert into contact_tags (company_id, contact_id, tag_id) select company_id, ?, tag_id from contact_tags where contact_id = ? on conflict do nothing`,
    [keptId, mergedId],
  );
  await trx('contactTags').where({ contactId: mergedId }).delete();
  await trx('ticketRatings')
    .where({ companyId, contactId: mergedId })
    .whereNull('answeredAt')
    .whereIn('whatsappId', trx('ticketRatings').where({ companyId, contactId: keptId }).whereNull('answeredAt').select('whatsappId'))
    .delete();
  for (const ref of await contactReferences(trx)) {
    if (ref.table === 'contact_merges') continue;
    await trx.raw('update ?? set ?? = ? where ?? = ?', [ref.table, ref.column, keptId, ref.column, mergedId]);
  }
  await trx('contacts').where({ id: mergedId }).delete();
  const changes = filledFields(kept, merged);
  await trx('contacts').where({ id: keptId }).update({ ...changes, updatedAt: trx.fn.now() });
  const moved: MergeCounts = { ...counts, joinedTickets: joined.closed.length };
  await trx('contactMerges').insert({
    companyId,
    keptContactId: keptId,
    mergedContactId: mergedId,
    mergedName: merged.name,
    mergedNumber: merged.number,
    mergedLid: merged.lid,
    reason: by.reason,
    userId: by.userId ?? null,
    moved: JSON.stringify(moved),
  });
  return { ...moved, keptId, mergedId, closedTicketIds: joined.closed };
}
