import type { Knex } from 'knex';
import {
  connectionImportDatesSchema,
  type Connection,
  PrimitiveV,
  type BuiltInChannel,
  type ConnectionInput,
  type ConnectionUpdate,
  type PlanFlag,
} from '@guiche/contracts';
import { planRowHas } from '../domain/plans.js';
import { AppError } from '../plugin-sdk/types.js';
import { lockCompany, planMaximum, type LockedCompany } from '../domain/users-plan-limits.js';
import type { CoreServices } from '../services.js';
import { emitConnection } from './audience.js';
import { CONNECTIONS_TABLE, findConnection } from './repository.js';
import { generateConnectionToken } from './token.js';
import { ConnectionTopics, type ConnectionTopicPayload } from './topics.js';
import { mustOwnBotReferences } from '../bot/bot-references.js';

/**
 * The flag of a first-party channel when its plugin is not loaded (kernels of tests without it);
 * a registered channel's own definition says its flag, so a new channel needs no line here.
 */
const builtInFlags: Record<BuiltInChannel, PlanFlag | null> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
  webchat: null,
  telegram: 'useTelegram',
};

/**
 * Every change to a company's connections runs under a lock on the company row (lockCompany), so
 * the "exactly one default" rule, the plan limit and the name check see each other's writes.
 */
/** The flag creating a connection of this channel needs; 400 for a channel this server does not know. */
function channelFlag(core: CoreServices, channel: string): string | null {
  const registered = core.channels.definitions().find((d) => d.channel === channel);
  if (registered) return registered.planFlag;
  if (Object.hasOwn(builtInFlags, channel)) return builtInFlags[channel as BuiltInChannel];
  throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['channel'], message: PrimitiveV.option }] });
}

async function lockCompanyPlan(trx: Knex.Transaction, companyId: number): Promise<{ company: LockedCompany; plan: Record<string, any> }> {
  const company = await lockCompany(trx, companyId);
  const plan = company.planId ? await trx('plans').where({ id: company.planId }).first() : undefined;
  return { company, plan: plan ?? {} };
}

async function assertNameFree(trx: Knex.Transaction, companyId: number, name: string, exceptId?: number): Promise<void> {
  const query = trx(CONNECTIONS_TABLE).where({ companyId }).whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) query.whereNot({ id: exceptId });
  if (await query.first('id')) throw new AppError('ERR_DUPLICATED_CONNECTION', 409);
}

async function assertQueuesOwned(trx: Knex.Transaction, companyId: number, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const owned = await trx('queues').where({ companyId }).whereIn('id', wanted).pluck('id');
  if (owned.length !== wanted.length) throw new AppError('ERR_NO_QUEUE_FOUND', 400);
}

async function replaceQueues(trx: Knex.Transaction, companyId: number, connectionId: number, queueIds: number[]): Promise<void> {
  await trx('whatsappQueues').where({ whatsappId: connectionId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length) await trx('whatsappQueues').insert(unique.map((queueId) => ({ companyId, whatsappId: connectionId, queueId })));
}

/** Returns the ids that lost the default (at most one), so they can be announced too. */
async function clearDefault(trx: Knex.Transaction, companyId: number): Promise<number[]> {
  const rows = await trx(CONNECTIONS_TABLE).where({ companyId, isDefault: true }).update({ isDefault: false, updatedAt: trx.fn.now() }).returning('id');
  return rows.map((row: { id: number }) => row.id);
}

async function emitUpdated(core: CoreServices, companyId: number, ids: number[]): Promise<void> {
  for (const id of ids) await emitConnection(core, companyId, { action: 'update', whatsapp: await findConnection(core.db, companyId, id) });
}

async function publish(core: CoreServices, topic: string, payload: ConnectionTopicPayload): Promise<void> {
  await core.bus.publish(topic, payload, { companyId: payload.companyId });
}

/** The columns a dialog field maps to (the NPS pair is spelled in capitals in the API only). */
function columnsOf(fields: Partial<ConnectionInput>): Record<string, unknown> {
  const { queueIds: _queues, channel: _channel, schedules, ...rest } = fields;
  const columns: Record<string, unknown> = { ...rest };
  if (schedules !== undefined) columns.schedules = JSON.stringify(schedules);
  return columns;
}

export async function createConnection(core: CoreServices, companyId: number, input: ConnectionInput): Promise<Connection> {
  await mustOwnBotReferences(core.db, companyId, input);
  const { id, cleared } = await core.db.transaction(async (trx) => {
    const { company, plan } = await lockCompanyPlan(trx, companyId);
    const flag = channelFlag(core, input.channel);
    if (flag && !planRowHas(plan, flag)) throw new AppError('ERR_PLAN_DISABLED', 403, { feature: flag });
    const [{ count }] = await trx(CONNECTIONS_TABLE).where({ companyId }).count({ count: '*' });
    const existing = Number(count);
    const max = await planMaximum(trx, company, 'connections');
    if (max > 0 && existing >= max) throw new AppError('ERR_PLAN_LIMIT', 403, { limit: 'connections', max });
    await assertNameFree(trx, companyId, input.name);
    await assertQueuesOwned(trx, companyId, [...input.queueIds, input.sendIdQueue]);

    const isDefault = input.isDefault || existing === 0;
    const cleared = isDefault ? await clearDefault(trx, companyId) : [];
    const [row] = await trx(CONNECTIONS_TABLE)
      .insert({ ...columnsOf(input), companyId, channel: input.channel, isDefault, status: 'OPENING', token: generateConnectionToken() })
      .returning('id');
    await replaceQueues(trx, companyId, row.id, input.queueIds);
    return { id: row.id as number, cleared };
  });
  const connection = await findConnection(core.db, companyId, id);
  await emitConnection(core, companyId, { action: 'create', whatsapp: connection });
  await emitUpdated(core, companyId, cleared);
  await publish(core, ConnectionTopics.start, { companyId, connectionId: id });
  return connection;
}

function isoOrNull(value: unknown): string | null {
  return value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;
}

export async function updateConnection(core: CoreServices, companyId: number, id: number, changes: ConnectionUpdate): Promise<Connection> {
  await mustOwnBotReferences(core.db, companyId, changes);
  const cleared = await core.db.transaction(async (trx) => {
    await lockCompany(trx, companyId);
    const current = await trx(CONNECTIONS_TABLE).where({ companyId, id }).first('id', 'isDefault', 'importOldMessages', 'importRecentMessages');
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (changes.name !== undefined) await assertNameFree(trx, companyId, changes.name, id);
    await assertQueuesOwned(trx, companyId, [...(changes.queueIds ?? []), changes.sendIdQueue]);
    if (changes.importOldMessages !== undefined || changes.importRecentMessages !== undefined) {
      // A partial update is checked against the stored date it does not send.
      connectionImportDatesSchema.parse({
        importOldMessages: changes.importOldMessages !== undefined ? changes.importOldMessages : isoOrNull(current.importOldMessages),
        importRecentMessages: changes.importRecentMessages !== undefined ? changes.importRecentMessages : isoOrNull(current.importRecentMessages),
      });
    }
    // The default moves by setting it on another connection; it is never simply switched off.
    if (changes.isDefault === false && current.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    const lostDefault = changes.isDefault === true && !current.isDefault ? await clearDefault(trx, companyId) : [];
    await trx(CONNECTIONS_TABLE).where({ id }).update({ ...columnsOf(changes), updatedAt: trx.fn.now() });
    if (changes.queueIds) await replaceQueues(trx, companyId, id, changes.queueIds);
    return lostDefault;
  });
  core.connectionCache.invalidate(id);
  const connection = await findConnection(core.db, companyId, id);
  await emitUpdated(core, companyId, cleared);
  await emitConnection(core, companyId, { action: 'update', whatsapp: connection });
  await publish(core, ConnectionTopics.updated, { companyId, connectionId: id });
  return connection;
}

/**
 * Deletes a connection. When it was the default and others remain, the oldest remaining one (lowest
 * id) becomes the default in the same transaction, so the company is never left without one.
 */
export async function deleteConnection(core: CoreServices, companyId: number, id: number): Promise<void> {
  const { media, promotedId } = await core.db.transaction(async (trx) => {
    await lockCompany(trx, companyId);
    const current = await trx(CONNECTIONS_TABLE).where({ companyId, id }).first('id', 'isDefault', 'greetingMediaAttachment');
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    await trx(CONNECTIONS_TABLE).where({ id }).delete();
    let promotedId: number | null = null;
    if (current.isDefault) {
      const next = await trx(CONNECTIONS_TABLE).where({ companyId }).orderBy('id').first('id');
      if (next) {
        await trx(CONNECTIONS_TABLE).where({ id: next.id }).update({ isDefault: true, updatedAt: trx.fn.now() });
        promotedId = next.id as number;
      }
    }
    return { media: current.greetingMediaAttachment as string | null, promotedId };
  });
  core.connectionCache.invalidate(id);
  if (media) await core.storage.remove(media).catch((err) => core.log.warn({ err, media }, 'greeting media not removed'));
  await emitConnection(core, companyId, { action: 'delete', whatsappId: id });
  if (promotedId) await emitUpdated(core, companyId, [promotedId]);
  await publish(core, ConnectionTopics.deleted, { companyId, connectionId: id });
}
