import type { Knex } from 'knex';
import { normalizeContactNumber, PhoneChannels, type ContactChannel } from '@guiche/contracts';
import type { ChannelPeer } from '../channels/types.js';
import { AppError } from '../plugin-sdk/types.js';
import { mergeContacts, type MergeResult } from '../contacts/contact-merge.js';

export interface IngestedContact {
  id: number;
  /** 'create' when this message created it, 'update' when its name or picture changed. */
  change: 'create' | 'update' | null;
  /** A rating question to this contact on the message's connection awaits an answer (read with the contact, no extra query). */
  pendingRating: boolean;
  /**
   * With `probe`: the contact's active ticket on the connection (null when it has none or is new)
   * and whether the message's wid is already stored (a replay), read in the contact's statement.
   */
  activeTicketId?: number | null;
  replayed?: boolean;
  /** Another contact of the same person was merged into this one while ingesting (both addresses arrived). */
  merged?: MergeResult;
}

/** What the ingest of one message asks the contact lookup to read along (one round trip, not three). */
export interface ContactProbe {
  wid: string;
  activeStatuses: readonly string[];
}

interface ContactKey {
  companyId: number;
  channel: ContactChannel;
  number: string;
  lid: string | null;
  /**
   * The channel's own address of the person on a channel without phone numbers (a website
   * visitor's peer id, a PSID, a Telegram chat id): the identity, kept in `remote_jid`. The
   * number is then only what the person's phone is (or '').
   */
  peerId: string | null;
}

function keyOf(companyId: number, channel: ContactChannel, peer: ChannelPeer): ContactKey {
  const isGroup = Boolean(peer.isGroup);
  const lid = peer.lid?.trim() || null;
  if (!PhoneChannels.includes(channel)) {
    const peerId = peer.id.trim();
    if (!peerId) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
    const number = peer.number ? (normalizeContactNumber(channel, peer.number, isGroup) ?? '') : '';
    return { companyId, channel, number, lid, peerId };
  }
  const number = normalizeContactNumber(channel, peer.number ?? peer.id, isGroup);
  if (!number && !lid) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
  return { companyId, channel, number: number ?? '', lid, peerId: null };
}

interface FoundContact {
  id: number;
  name: string;
  number: string;
  lid: string | null;
  profilePicUrl: string | null;
  pendingRating: boolean;
  activeTicketId?: number | null;
  replayId?: number | null;
}

/** The person by number first, else by their LID alias: one person is one contact. */
async function find(trx: Knex.Transaction, key: ContactKey, connectionId: number, probe?: ContactProbe): Promise<FoundContact | undefined> {
  // Served by the partial unique index ticket_ratings_one_pending.
  const pendingRating = trx.raw(
    `exists (select 1 from ticket_ratings r where r.company_id = contacts.company_id and r.contact_id = contacts.id
      and r.whatsapp_id = ? and r.answered_at is null) as pending_rating`,
    [connectionId],
  );
  // Served by the partial unique index tickets_one_active_per_contact, and by messages' (whatsapp_id, wid).
  const probed = probe
    ? [
        trx.raw(
          `(select t.id from tickets t where t.company_id = contacts.company_id and t.contact_id = contacts.id
             and t.whatsapp_id = ? and t.status in (${probe.activeStatuses.map(() => '?').join(', ')}) limit 1) as active_ticket_id`,
          [connectionId, ...probe.activeStatuses],
        ),
        trx.raw('(select m.id from messages m where m.whatsapp_id = ? and m.wid = ? limit 1) as replay_id', [connectionId, probe.wid]),
      ]
    : [];
  const base = () =>
    trx('contacts').where({ companyId: key.companyId, channel: key.channel }).first('id', 'name', 'number', 'lid', 'profilePicUrl', pendingRating, ...probed);
  // Served by the partial unique index contacts_company_channel_remote_jid_unique.
  if (key.peerId) return base().where({ remoteJid: key.peerId });
  if (key.number) {
    const byNumber = await base().where({ number: key.number });
    if (byNumber) return byNumber;
  }
  if (key.lid) return base().where({ lid: key.lid });
  return undefined;
}

/**
 * Finds or creates the peer's contact inside the ingest transaction. The insert relies on the
 * unique indexes (number, lid) with ON CONFLICT DO NOTHING: a concurrent ingest of the same new
 * person waits for the other insert, then reads its row; no in-process lock.
 */
export async function upsertContact(
  trx: Knex.Transaction,
  companyId: number,
  channel: ContactChannel,
  peer: ChannelPeer,
  options: { connectionId: number; updateProfile: boolean; acceptAudioMessage: boolean; probe?: ContactProbe },
): Promise<IngestedContact> {
  const key = keyOf(companyId, channel, peer);
  let existing = await find(trx, key, options.connectionId, options.probe);
  if (!existing) {
    const insert = (number: string) =>
      trx('contacts')
        .insert({
          companyId,
          channel,
          number,
          lid: key.lid,
          remoteJid: key.peerId,
          name: peer.name?.trim() || number || key.lid || key.peerId,
          email: peer.email?.trim() ?? '',
          profilePicUrl: peer.profilePicUrl ?? null,
          isGroup: Boolean(peer.isGroup),
          acceptAudioMessage: options.acceptAudioMessage,
        })
        .onConflict()
        .ignore()
        .returning('id');
    const created = (id: number): IngestedContact => ({ id, change: 'create', pendingRating: false, ...(options.probe ? { activeTicketId: null, replayed: false } : {}) });
    const inserted = await insert(key.number);
    if (inserted.length) return created(inserted[0].id);
    existing = await find(trx, key, options.connectionId, options.probe);
    if (!existing && key.peerId && key.number) {
      // A new person whose phone another contact of the channel already has (two website visitors
      // who typed the same phone): a contact of their own, never merged silently; the number is
      // one contact's, so theirs is '' and the phone stays readable as their custom field "phone".
      const again = await insert('');
      if (again.length) {
        await trx('contactCustomFields').insert({ companyId, contactId: again[0].id, name: 'phone', value: key.number });
        return created(again[0].id);
      }
      existing = await find(trx, key, options.connectionId, options.probe);
    }
    if (!existing) throw new AppError('ERR_CREATING_TICKET', 409);
  }
  const split = await unifySplit(trx, key, existing);
  const merged = split?.merge ?? null;
  if (split) {
    // Merged, or merged meanwhile by a concurrent ingest: the person's row is read again.
    existing = await find(trx, key, options.connectionId, options.probe);
    if (!existing) throw new AppError('ERR_CREATING_TICKET', 409);
  }
  const changes: Record<string, unknown> = {};
  if (options.updateProfile && peer.name?.trim() && peer.name.trim() !== existing.name) changes.name = peer.name.trim();
  if (options.updateProfile && peer.profilePicUrl && peer.profilePicUrl !== existing.profilePicUrl) changes.profilePicUrl = peer.profilePicUrl;
  if (!merged) Object.assign(changes, await missingAddresses(trx, key, existing));
  const { pendingRating } = existing;
  const probed = options.probe ? { activeTicketId: existing.activeTicketId ?? null, replayed: existing.replayId != null } : {};
  const mergedInfo = merged ? { merged } : {};
  if (!Object.keys(changes).length) return { id: existing.id, change: merged ? 'update' : null, pendingRating, ...probed, ...mergedInfo };
  await trx('contacts').where({ id: existing.id }).update({ ...changes, updatedAt: trx.fn.now() });
  return { id: existing.id, change: 'update', pendingRating, ...probed, ...mergedInfo };
}

/** Keep both addresses of the person: the one this contact lacks, when no other contact holds it. */
async function missingAddresses(trx: Knex.Transaction, key: ContactKey, existing: FoundContact): Promise<Record<string, unknown>> {
  const changes: Record<string, unknown> = {};
  const { companyId, channel } = key;
  if (key.lid && !existing.lid && !(await trx('contacts').where({ companyId, channel, lid: key.lid }).first('id'))) changes.lid = key.lid;
  if (key.number && !existing.number && !(await trx('contacts').where({ companyId, channel, number: key.number }).first('id'))) {
    changes.number = key.number;
  }
  return changes;
}

/**
 * The message names the person by both addresses, and another contact holds the one this contact
 * lacks while lacking this one's: the person was split (created under a LID before its phone number
 * was known, or the other way round). The older contact absorbs the newer one.
 */
async function unifySplit(trx: Knex.Transaction, key: ContactKey, existing: FoundContact): Promise<{ merge: MergeResult | null } | null> {
  if (!key.number || !key.lid) return null;
  const { companyId, channel } = key;
  let other: { id: number } | undefined;
  if (!existing.lid) other = await trx('contacts').where({ companyId, channel, lid: key.lid, number: '' }).first('id');
  else if (!existing.number && existing.lid === key.lid) other = await trx('contacts').where({ companyId, channel, number: key.number }).whereNull('lid').first('id');
  if (!other || other.id === existing.id) return null;
  const [keptId, mergedId] = other.id < existing.id ? [other.id, existing.id] : [existing.id, other.id];
  return { merge: await mergeContacts(trx, companyId, keptId, mergedId, { reason: 'identity' }) };
}
