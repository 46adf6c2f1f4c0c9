import type { Knex } from 'knex';
import type { TicketUpdateInput } from '@guiche/contracts';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { findTicket, loadViewer, viewerSees, type TicketRow } from './ticket-access.js';
import { isActiveTicketViolation, activeTicketOf, otherTicketConflict } from './ticket-conflict.js';
import { addTicketLog, type TicketLogInput } from './ticket-logs.js';
import { botStopChanges, cancelMootTimers } from '../bot/transitions.js';
import { closeReasonFor } from '../closing-reasons/index.js';
import { integrationToggle } from './ticket-integration-toggle.js';
import { mustOwnBotReferences } from '../bot/bot-references.js';

/** The transitions of inbox.md §4 a PUT /tickets/{id} can mean. */
export type TransitionKind =
  | 'accept'
  | 'ignore'
  | 'resolve'
  | 'returnToQueue'
  | 'transferQueue'
  | 'transferUser'
  | 'changeQueue'
  | 'reopen'
  | 'fields'
  | 'none';

export interface Transition {
  kind: TransitionKind;
  before: TicketRow;
  ticket: TicketRow;
}

export function classify(current: TicketRow, input: TicketUpdateInput): TransitionKind {
  const target = input.status ?? current.status;
  const queueChanges = input.queueId !== undefined && input.queueId !== current.queueId;
  const userChanges = input.userId !== undefined && input.userId !== null && input.userId !== current.userId;
  if (target === 'closed') {
    if (current.status === 'closed') return 'none';
    return current.status === 'pending' ? 'ignore' : 'resolve';
  }
  if (target === 'pending') {
    if (current.status === 'pending') return queueChanges ? 'changeQueue' : 'fields';
    return queueChanges ? 'transferQueue' : 'returnToQueue';
  }
  // open or group
  if (current.status === 'pending') return 'accept';
  if (current.status === 'closed') return 'reopen';
  if (userChanges) return 'transferUser';
  return queueChanges ? 'changeQueue' : 'fields';
}

async function mustQueue(db: Knex, companyId: number, queueId: number): Promise<void> {
  if (!(await db('queues').where({ id: queueId, companyId }).first('id'))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
}

async function mustUser(db: Knex, companyId: number, userId: number): Promise<void> {
  if (!(await db('users').where({ id: userId, companyId }).first('id'))) throw new AppError('ERR_NO_USER_FOUND', 404);
}

/** requiredTag: the contact has a tag, or the ticket has a plain (non-kanban) one from its drawer's picker. */
async function hasRequiredTag(db: Knex, ticket: TicketRow): Promise<boolean> {
  const [contactTag, ticketTag] = await Promise.all([
    db('contactTags').where({ companyId: ticket.companyId, contactId: ticket.contactId }).first('tagId'),
    db('ticketTags')
      .join('tags', 'tags.id', 'ticketTags.tagId')
      .where({ 'ticketTags.companyId': ticket.companyId, 'ticketTags.ticketId': ticket.id, 'tags.kanban': false })
      .first('ticketTags.tagId'),
  ]);
  return Boolean(contactTag || ticketTag);
}

/** The row changes and log entries of one transition (the caller runs them in one transaction). */
function plan(kind: TransitionKind, current: TicketRow, input: TicketUpdateInput, auth: AuthUser) {
  const working = current.isGroup ? 'group' : 'open';
  const queueId = input.queueId !== undefined ? input.queueId : current.queueId;
  const log = (type: TicketLogInput['type'], extra: Partial<TicketLogInput> = {}): TicketLogInput => ({
    companyId: current.companyId, ticketId: current.id, type, userId: auth.id, queueId, ...extra,
  });
  switch (kind) {
    case 'accept':
      return { changes: { status: working, userId: auth.id, queueId, acceptedAt: new Date() }, logs: [log('open')] };
    case 'ignore':
      return { changes: { status: 'closed', amountUsedBotQueues: 0, closedAt: new Date() }, logs: [log('closed', { data: { ignored: true } })] };
    case 'resolve':
      return { changes: { status: 'closed', userId: current.userId ?? auth.id, closedAt: new Date(), amountUsedBotQueues: 0 }, logs: [log('closed')] };
    case 'returnToQueue':
      return { changes: { status: 'pending', userId: null, queueId }, logs: [log('pending')] };
    case 'transferQueue':
      return { changes: { status: 'pending', userId: null, queueId }, logs: [log('transfered', { data: { fromQueueId: current.queueId } })] };
    case 'changeQueue':
      return { changes: { queueId }, logs: [log('transfered', { data: { fromQueueId: current.queueId } })] };
    case 'transferUser':
      return {
        changes: { status: working, userId: input.userId, queueId },
        logs: [
          log('transfered', { userId: current.userId ?? auth.id, data: { toUserId: input.userId, byUserId: auth.id } }),
          log('receivedTransfer', { userId: input.userId, data: { fromUserId: current.userId, byUserId: auth.id } }),
        ],
      };
    case 'reopen': {
      // Reopened to someone else (transfer from the closed view): they own it, and the log says who moved it.
      const owner = input.userId ?? auth.id;
      const logs = [log('reopen')];
      if (owner !== auth.id) {
        logs.push(
          log('transfered', { data: { toUserId: owner, byUserId: auth.id, fromUserId: current.userId } }),
          log('receivedTransfer', { userId: owner, data: { fromUserId: current.userId, byUserId: auth.id } }),
        );
      }
      return { changes: { status: working, userId: owner, queueId, closedAt: null, acceptedAt: new Date() }, logs };
    }
    default:
      return { changes: {}, logs: [] };
  }
}

/** Fields that ride along with any transition (their references checked by mustOwnBotReferences). */
function extras(input: TicketUpdateInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (input.useIntegration !== undefined) out.useIntegration = input.useIntegration;
  if (input.integrationId !== undefined) out.integrationId = input.integrationId;
  if (input.promptId !== undefined) out.promptId = input.promptId;
  if (input.amountUsedBotQueues !== undefined) out.amountUsedBotQueues = input.amountUsedBotQueues;
  return out;
}

/**
 * Loads the ticket for a transition. A user who may not see it gets 404, except when trying to
 * take a ticket of their queue that another user already took: then the info-modal conflict.
 */
async function loadForUpdate(core: CoreServices, auth: AuthUser, id: number, input: TicketUpdateInput): Promise<TicketRow> {
  const current = await findTicket(core.db, auth.companyId, id);
  if (!current) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  const viewer = await loadViewer(core.db, auth);
  if (viewerSees(viewer, current)) return current;
  const taking = input.status === 'open' || input.status === 'group';
  if (taking && current.status !== 'closed' && viewerSees(viewer, { ...current, userId: null })) {
    throw await otherTicketConflict(core.db, current);
  }
  throw new AppError('ERR_NO_TICKET_FOUND', 404);
}

/** Applies one PUT /tickets/{id}: validates, writes row + log entries in one transaction, guarded against a concurrent change. */
export async function transition(core: CoreServices, auth: AuthUser, id: number, input: TicketUpdateInput): Promise<Transition> {
  const { db } = core;
  const current = await loadForUpdate(core, auth, id, input);
  const kind = classify(current, input);
  if (input.queueId) await mustQueue(db, auth.companyId, input.queueId);
  if (input.userId) await mustUser(db, auth.companyId, input.userId);
  await mustOwnBotReferences(db, auth.companyId, input);
  const queueAfter = input.queueId !== undefined ? input.queueId : current.queueId;
  if ((kind === 'accept' || kind === 'reopen') && !queueAfter) throw new AppError('ERR_TICKET_WITHOUT_QUEUE', 400);
  if (kind === 'resolve' && (await core.settings.get(auth.companyId, 'requiredTag')) === 'enabled' && !(await hasRequiredTag(db, current))) {
    throw new AppError('ERR_TAG_REQUIRED', 400);
  }
  const { changes, logs } = plan(kind, current, input, auth);
  if (kind === 'resolve') {
    // The ticket keeps its last close's reason; the close's log entry names it too (issue #33).
    const closeReasonId = await closeReasonFor(db, core.settings, auth.companyId, input.closeReasonId);
    Object.assign(changes, { closeReasonId });
    if (closeReasonId) logs[0] = { ...logs[0]!, data: { closeReasonId } };
  }
  const toggle = await integrationToggle(db, current, input, auth);
  const allLogs: TicketLogInput[] = [...logs, ...(toggle?.logs ?? [])];
  const all = { ...changes, ...botStopChanges(kind, current), ...extras(input), ...toggle?.changes };
  if (!Object.keys(all).length) return { kind, before: current, ticket: current };

  let updated: TicketRow | undefined;
  try {
    updated = await db.transaction(async (trx) => {
      // Only if nobody changed status or owner since we read it: two agents never both accept.
      const query = trx('tickets').where({ id: current.id, companyId: current.companyId, status: current.status });
      if (current.userId === null) query.whereNull('userId');
      else query.where('userId', current.userId);
      const [row] = await query.update({ ...all, updatedAt: trx.fn.now() }).returning('*');
      if (row) {
        await addTicketLog(trx, allLogs);
        await cancelMootTimers(core, trx, kind, row.id);
      }
      return row;
    });
  } catch (error) {
    if (!isActiveTicketViolation(error)) throw error;
    const other = await activeTicketOf(db, current.companyId, current.contactId, current.whatsappId);
    if (other) throw await otherTicketConflict(db, other);
    throw error;
  }
  if (!updated) {
    const now = await findTicket(db, auth.companyId, id);
    if (!now) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    throw await otherTicketConflict(db, now);
  }
  return { kind, before: current, ticket: updated };
}
