import type { Knex } from 'knex';
import { QV, queueEvent, Rooms, type Queue, type QueueInput, type QueueUpdate } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { assertPlanRoom, lockCompany } from './users-plan-limits.js';
import { findQueue } from './queues-query.js';
import { assertChatbotTargets, syncChatbots } from './queues-chatbots.js';
import { emitUser } from './users-write.js';
import { userWithQueues } from './users-query.js';
import { mustOwnBotReferences } from '../bot/bot-references.js';

const blank = (text: string | null | undefined) => !text || text.trim() === '';

/**
 * Checks run after the company row is locked, so two concurrent saves cannot both pass them.
 * Greeting rule (outreach-config.md §5, "required when more than one queue exists"): a new queue
 * needs a greeting when the company already has one or more queues; an edited queue needs one
 * (sent or already stored) when the company has two or more. A first queue without a greeting
 * keeps working until it is next edited.
 */
async function assertQueueRules(trx: Knex.Transaction, companyId: number, queue: { id?: number; name: string; color: string; greetingMessage?: string | null }): Promise<void> {
  const others = () => (queue.id ? trx('queues').where({ companyId }).whereNot({ id: queue.id }) : trx('queues').where({ companyId }));
  if (await others().whereRaw('lower(color) = lower(?)', [queue.color]).first('id')) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400);
  if (await others().whereRaw('lower(name) = lower(?)', [queue.name]).first('id')) {
    throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['name'], message: QV.queueNameTaken }] });
  }
  const [{ count }] = await others().count({ count: '*' });
  if (Number(count) >= 1 && blank(queue.greetingMessage)) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
}

async function assertCompanyUsers(db: Knex, companyId: number, userIds: number[]): Promise<void> {
  const owned = await db('users').where({ companyId }).whereIn('id', userIds).pluck('id');
  if (owned.length !== new Set(userIds).size) throw new AppError('ERR_NO_USER_FOUND', 400);
}

// pluck() does not go through the snake_case mappers: select and map instead.
async function queueMembers(trx: Knex.Transaction, queueId: number): Promise<number[]> {
  const rows: { userId: number }[] = await trx('userQueues').where({ queueId }).select('userId');
  return rows.map((r) => r.userId);
}

/** Replaces the queue's users; answers who gained or lost it. */
async function setQueueUsers(trx: Knex.Transaction, companyId: number, queueId: number, userIds: number[]): Promise<number[]> {
  const before = await queueMembers(trx, queueId);
  const after = [...new Set(userIds)];
  await trx('userQueues').where({ queueId }).delete();
  if (after.length) await trx('userQueues').insert(after.map((userId) => ({ companyId, queueId, userId })));
  return [...before.filter((id) => !after.includes(id)), ...after.filter((id) => !before.includes(id))];
}

export function emitQueue(core: CoreServices, companyId: number, payload: Record<string, unknown>): void {
  core.realtime.emit(Rooms.company(companyId), queueEvent(companyId), payload);
}

/** A user whose queues changed is told, like any other change to their record. */
async function emitUsersChanged(core: CoreServices, companyId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await core.db('users').where({ companyId }).whereIn('id', userIds).select('*');
  for (const row of rows) emitUser(core, companyId, row.id, { action: 'update', user: await userWithQueues(core.db, row) });
}

const toRow = ({ userIds: _userIds, chatbots: _chatbots, schedules, ...fields }: QueueUpdate) => ({
  ...fields,
  ...(schedules ? { schedules: JSON.stringify(schedules) } : {}),
});

/** The file list and the chatbot targets a queue names belong to the company. */
async function assertQueueReferences(trx: Knex.Transaction, companyId: number, body: QueueUpdate): Promise<void> {
  if (body.fileListId && !(await trx('files').where({ companyId, id: body.fileListId }).first('id'))) throw new AppError('ERR_NOT_FOUND', 400);
  if (body.chatbots) await assertChatbotTargets(trx, companyId, body.chatbots);
}

export async function createQueue(core: CoreServices, companyId: number, input: QueueInput): Promise<Queue> {
  if (input.userIds) await assertCompanyUsers(core.db, companyId, input.userIds);
  await mustOwnBotReferences(core.db, companyId, input);
  const { id, changedUsers } = await core.db.transaction(async (trx) => {
    const company = await lockCompany(trx, companyId);
    await assertPlanRoom(trx, companyId, company, 'queues');
    await assertQueueRules(trx, companyId, input);
    await assertQueueReferences(trx, companyId, input);
    const [row] = await trx('queues').insert({ ...toRow(input), companyId }).returning('id');
    if (input.chatbots) await syncChatbots(trx, companyId, row.id, null, input.chatbots);
    const changed = input.userIds ? await setQueueUsers(trx, companyId, row.id, input.userIds) : [];
    return { id: row.id as number, changedUsers: changed };
  });
  const queue = await findQueue(core.db, companyId, id);
  emitQueue(core, companyId, { action: 'create', queue });
  await emitUsersChanged(core, companyId, changedUsers);
  return queue;
}

export async function updateQueue(core: CoreServices, companyId: number, id: number, body: QueueUpdate): Promise<Queue> {
  if (body.userIds) await assertCompanyUsers(core.db, companyId, body.userIds);
  await mustOwnBotReferences(core.db, companyId, body);
  const changedUsers = await core.db.transaction(async (trx) => {
    await lockCompany(trx, companyId);
    const current = await trx('queues').where({ companyId, id }).first('id', 'name', 'color', 'greetingMessage');
    if (!current) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    await assertQueueRules(trx, companyId, { ...current, ...body });
    await assertQueueReferences(trx, companyId, body);
    await trx('queues').where({ id }).update({ ...toRow(body), updatedAt: trx.fn.now() });
    if (body.chatbots) await syncChatbots(trx, companyId, id, null, body.chatbots);
    return body.userIds ? setQueueUsers(trx, companyId, id, body.userIds) : [];
  });
  const queue = await findQueue(core.db, companyId, id);
  emitQueue(core, companyId, { action: 'update', queue });
  await emitUsersChanged(core, companyId, changedUsers);
  return queue;
}

export async function deleteQueue(core: CoreServices, companyId: number, id: number): Promise<void> {
  const members = await core.db.transaction(async (trx) => {
    const queue = await trx('queues').where({ companyId, id }).first('id');
    if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    const userIds = await queueMembers(trx, id);
    await trx('queues').where({ id }).delete();
    return userIds;
  });
  emitQueue(core, companyId, { action: 'delete', queueId: id });
  await emitUsersChanged(core, companyId, members);
}
