import type { Knex } from 'knex';
import type { Chatbot } from '@guiche/contracts';
import type { WeekdayHours } from './hours.js';

/** What the bot reads of a queue. */
export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: WeekdayHours[];
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  fileListId: number | null;
  integrationId: number | null;
  promptId: number | null;
}

/** What the bot reads of a chatbot option (OPTION_COLUMNS). */
export type BotOption = Omit<Chatbot, 'companyId' | 'options' | 'createdAt' | 'updatedAt'>;

const QUEUE_COLUMNS = ['id', 'name', 'greetingMessage', 'outOfHoursMessage', 'schedules', 'closeTicket', 'ativarRoteador', 'tempoRoteador', 'fileListId', 'integrationId', 'promptId'];
const OPTION_COLUMNS = ['id', 'queueId', 'parentId', 'name', 'greetingMessage', 'queueType', 'closeTicket', 'optQueueId', 'optUserId', 'optIntegrationId', 'optFileId'];

/** The connection's queues in menu order (orderQueue, unset last, then name). */
export async function queuesOf(db: Knex | Knex.Transaction, companyId: number, ids: number[]): Promise<BotQueue[]> {
  if (!ids.length) return [];
  return db('queues')
    .where({ companyId })
    .whereIn('id', ids)
    .orderBy([{ column: 'orderQueue', order: 'asc', nulls: 'last' }, { column: 'name' }, { column: 'id' }])
    .select(QUEUE_COLUMNS);
}

export async function queueById(db: Knex | Knex.Transaction, companyId: number, id: number): Promise<BotQueue | undefined> {
  return db('queues').where({ companyId, id }).first(QUEUE_COLUMNS);
}

/** The options offered under `parentId` (a queue's first level when null), numbered by id order. */
export async function optionsUnder(db: Knex | Knex.Transaction, companyId: number, queueId: number, parentId: number | null): Promise<BotOption[]> {
  const query = db('chatbots').where({ companyId, queueId });
  if (parentId === null) query.whereNull('parentId');
  else query.where({ parentId });
  return query.orderBy('id').select(OPTION_COLUMNS);
}

export async function optionById(db: Knex | Knex.Transaction, companyId: number, id: number): Promise<BotOption | undefined> {
  return db('chatbots').where({ companyId, id }).first(OPTION_COLUMNS);
}
