import { randomUUID } from 'node:crypto';
import { ActiveTicketStatuses, FORWARD_SPACING_MS } from '@guiche/contracts';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { addTicketLog } from './ticket-logs.js';
import { emitTicket } from './ticket-events.js';
import { findMessage } from './messages-repository.js';
import { copyStoredMedia } from './messages-media.js';
import { signedBody } from './messages-send.js';

export const FORWARD_QUEUE = 'messages.forward';

interface ForwardJob {
  companyId: number;
  userId: number;
  /** The forwarder's profile/super, to sign as them. */
  profile: AuthUser['profile'];
  super: boolean;
  ticketId: number;
  sourceIds: number[];
  /** The one this job sends; it then schedules the next. */
  index: number;
  sign: boolean;
  batch: string;
}

function enqueueStep(core: CoreServices, job: ForwardJob, delay: number): Promise<void> {
  return core.jobs.enqueue<ForwardJob>(FORWARD_QUEUE, job, { delay, jobId: `forward-${job.batch}-${job.index}`, attempts: 3, backoffMs: 1000 });
}

/**
 * A chain of jobs, one per forwarded message: each sends its message and schedules the next 900 ms
 * later (inbox.md §9), so the request answers at once and the messages go out in order and spaced
 * however loaded the queue is.
 */
export function defineForwardJob(core: CoreServices): void {
  core.jobs.define<ForwardJob>(FORWARD_QUEUE, {
    handler: async (job) => {
      const source = await findMessage(core.db, job.companyId, job.sourceIds[job.index]!);
      if (source && !source.isDeleted) {
        const auth: AuthUser = { id: job.userId, companyId: job.companyId, profile: job.profile, super: job.super };
        const media = source.mediaUrl ? await copyStoredMedia(core, job.companyId, source.mediaUrl, source.mediaName ?? undefined) : undefined;
        await core.channels.sender.send({
          companyId: job.companyId,
          ticketId: job.ticketId,
          userId: job.userId,
          body: await signedBody(core, auth, source.body, job.sign),
          media,
          isForwarded: true,
        });
      }
      if (job.index + 1 < job.sourceIds.length) await enqueueStep(core, { ...job, index: job.index + 1 }, FORWARD_SPACING_MS);
    },
  });
}

/** The contact's active ticket on the connection, or a new one opened for the forwarding agent. */
async function targetTicket(core: CoreServices, auth: AuthUser, contact: { id: number; isGroup: boolean; channel: string }, whatsappId: number): Promise<{ ticket: TicketRow; created: boolean }> {
  return core.db.transaction(async (trx) => {
    const where = { companyId: auth.companyId, contactId: contact.id, whatsappId };
    const active = await trx('tickets').where(where).whereIn('status', ActiveTicketStatuses).first<TicketRow | undefined>();
    if (active) return { ticket: active, created: false };
    const [created] = await trx('tickets')
      .insert({ ...where, status: contact.isGroup ? 'group' : 'open', isGroup: contact.isGroup, channel: contact.channel, userId: auth.id, acceptedAt: trx.fn.now() })
      .onConflict()
      .ignore()
      .returning('*');
    if (created) {
      await addTicketLog(trx, [
        { companyId: auth.companyId, ticketId: created.id, type: 'create', userId: auth.id },
        { companyId: auth.companyId, ticketId: created.id, type: 'open', userId: auth.id },
      ]);
      return { ticket: created as TicketRow, created: true };
    }
    // Another request created it meanwhile (the one-active-ticket index said so): use theirs.
    const winner = await trx('tickets').where(where).whereIn('status', ActiveTicketStatuses).first<TicketRow | undefined>();
    if (!winner) throw new AppError('ERR_CREATING_TICKET', 409);
    return { ticket: winner, created: false };
  });
}

/** POST /message/forward: checks everything, then schedules the sends; answers with the target ticket. */
export async function forwardMessages(
  core: CoreServices,
  auth: AuthUser,
  sources: { id: number; whatsappId: number | null }[],
  contactId: number,
  sign: boolean,
): Promise<{ ticketId: number; uuid: string; count: number }> {
  const contact = await core.db('contacts').where({ companyId: auth.companyId, id: contactId }).first('id', 'isGroup', 'channel');
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  const whatsappId = sources.find((s) => s.whatsappId !== null)?.whatsappId;
  if (!whatsappId) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  const connection = await core.db('whatsapps').where({ companyId: auth.companyId, id: whatsappId }).first('id', 'channel');
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  if (connection.channel !== contact.channel) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);

  const { ticket, created } = await targetTicket(core, auth, contact, connection.id);
  if (created) await emitTicket(core, ticket, 'update');
  await enqueueStep(
    core,
    { companyId: auth.companyId, userId: auth.id, profile: auth.profile, super: auth.super, ticketId: ticket.id, sourceIds: sources.map((s) => s.id), index: 0, sign, batch: randomUUID() },
    0,
  );
  return { ticketId: ticket.id, uuid: ticket.uuid, count: sources.length };
}
