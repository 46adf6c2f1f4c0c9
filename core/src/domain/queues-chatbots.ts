import type { Knex } from 'knex';
import type { Chatbot, ChatbotOptionInput } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';

export const CHATBOTS_TABLE = 'chatbots';

type ChatbotRow = Omit<Chatbot, 'options'>;

const FIELDS = ['name', 'greetingMessage', 'queueType', 'closeTicket', 'optQueueId', 'optUserId', 'optIntegrationId', 'optFileId'] as const;

/** Nests rows (any order) under their parents, each level ordered by id: the option's number is its position. */
function nest(rows: ChatbotRow[], rootParentId: number | null): Chatbot[] {
  const children = new Map<number | null, ChatbotRow[]>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: number | null): Chatbot[] => (children.get(parentId) ?? []).map((row) => ({ ...row, options: build(row.id) }));
  return build(rootParentId);
}

/** The first-level options of each queue with their subtrees, in one read. */
export async function chatbotsOfQueues(db: Knex, companyId: number, queueIds: number[]): Promise<Map<number, Chatbot[]>> {
  const out = new Map<number, Chatbot[]>(queueIds.map((id) => [id, []]));
  if (!queueIds.length) return out;
  const rows: ChatbotRow[] = await db(CHATBOTS_TABLE).where({ companyId }).whereIn('queueId', queueIds).select('*');
  for (const queueId of queueIds) out.set(queueId, nest(rows.filter((r) => r.queueId === queueId), null));
  return out;
}

/** One option with its subtree. */
export async function findChatbot(db: Knex, companyId: number, id: number): Promise<Chatbot> {
  const row: ChatbotRow | undefined = await db(CHATBOTS_TABLE).where({ companyId, id }).first();
  if (!row) throw new AppError('ERR_NOT_FOUND', 404);
  const rows: ChatbotRow[] = await db(CHATBOTS_TABLE).where({ companyId, queueId: row.queueId }).select('*');
  return { ...row, options: nest(rows, row.id) };
}

function collect(options: ChatbotOptionInput[] | undefined, into: ChatbotOptionInput[] = []): ChatbotOptionInput[] {
  for (const option of options ?? []) {
    into.push(option);
    collect(option.options, into);
  }
  return into;
}

async function assertOwned(trx: Knex.Transaction, table: string, companyId: number, ids: number[], code: 'ERR_NO_QUEUE_FOUND' | 'ERR_NO_USER_FOUND' | 'ERR_NOT_FOUND'): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows: { id: number }[] = await trx(table).where({ companyId }).whereIn('id', unique).select('id');
  if (rows.length !== unique.length) throw new AppError(code, 400);
}

/** Every queue, user and file list an options tree points at belongs to the company. */
export async function assertChatbotTargets(trx: Knex.Transaction, companyId: number, options: ChatbotOptionInput[]): Promise<void> {
  const all = collect(options);
  const ids = (key: 'optQueueId' | 'optUserId' | 'optFileId') => all.map((o) => o[key]).filter((v): v is number => typeof v === 'number');
  await assertOwned(trx, 'queues', companyId, ids('optQueueId'), 'ERR_NO_QUEUE_FOUND');
  await assertOwned(trx, 'users', companyId, ids('optUserId'), 'ERR_NO_USER_FOUND');
  await assertOwned(trx, 'files', companyId, ids('optFileId'), 'ERR_NOT_FOUND');
}

/** The columns an option input sets; unset fields take the defaults on insert and stay on update. */
export function chatbotColumns(option: Partial<ChatbotOptionInput>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const field of FIELDS) if (option[field] !== undefined) columns[field] = option[field];
  // An option only points at the target its type uses.
  const type = option.queueType;
  if (type) {
    if (type !== 'queue' && type !== 'attendent') columns.optQueueId = null;
    if (type !== 'attendent') columns.optUserId = null;
    if (type !== 'integration') columns.optIntegrationId = null;
    if (type !== 'file') columns.optFileId = null;
  }
  return columns;
}

/**
 * Makes the children of `parentId` (a queue's first level when null) exactly `options`: options
 * with the id of an existing child are updated, the others created, children not listed deleted
 * with their subtrees. An option whose `options` is absent keeps its stored children.
 */
export async function syncChatbots(
  trx: Knex.Transaction,
  companyId: number,
  queueId: number,
  parentId: number | null,
  options: ChatbotOptionInput[],
): Promise<void> {
  const siblings = trx(CHATBOTS_TABLE).where({ companyId, queueId });
  if (parentId === null) siblings.whereNull('parentId');
  else siblings.where({ parentId });
  const existing = new Set(((await siblings.select('id')) as { id: number }[]).map((r) => r.id));
  const kept = options.map((o) => o.id).filter((id): id is number => id !== undefined && existing.has(id));
  const gone = [...existing].filter((id) => !kept.includes(id));
  if (gone.length) await trx(CHATBOTS_TABLE).whereIn('id', gone).delete();
  for (const option of options) {
    let id = option.id !== undefined && existing.has(option.id) ? option.id : undefined;
    if (id !== undefined) {
      await trx(CHATBOTS_TABLE).where({ id }).update({ ...chatbotColumns(option), updatedAt: trx.fn.now() });
    } else {
      const [row] = await trx(CHATBOTS_TABLE).insert({ ...chatbotColumns(option), companyId, queueId, parentId }).returning('id');
      id = row.id as number;
    }
    if (option.options !== undefined) await syncChatbots(trx, companyId, queueId, id, option.options);
  }
}
