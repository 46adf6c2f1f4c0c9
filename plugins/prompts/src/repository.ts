import type { Knex } from 'knex';
import { AppError, isMasked, mask, type SecretBox } from '@guiche/core';
import type { Prompt as PromptAnswer, PromptInput } from '@guiche/contracts';
import { PROMPTS_PAGE_SIZE } from './schemas.js';

/** A stored prompt (the shared fields of @guiche/contracts), its times as the driver reads them. */
export type PromptRow = Omit<PromptAnswer, 'queue' | 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
/** As the API answers it: secrets masked, with the queue's name and colour. */
export type Prompt = PromptRow & Pick<PromptAnswer, 'queue'>;

const COLUMNS = ['p.id', 'p.companyId', 'p.name', 'p.prompt', 'p.apiKey', 'p.voice', 'p.voiceKey', 'p.voiceRegion', 'p.maxTokens', 'p.temperature', 'p.maxMessages', 'p.queueId', 'p.createdAt', 'p.updatedAt', 'q.name as queueName', 'q.color as queueColor'];

export function createPromptRepository(db: Knex, box: SecretBox) {
  const base = (companyId: number) => db('prompts as p').leftJoin('queues as q', 'q.id', 'p.queueId').where('p.companyId', companyId);

  const shown = (row: PromptRow & { queueName?: string | null; queueColor?: string | null }): Prompt => {
    const { queueName, queueColor, ...rest } = row;
    return {
      ...rest,
      apiKey: mask(box.open(rest.apiKey)),
      voiceKey: mask(box.open(rest.voiceKey)),
      queue: rest.queueId && queueName ? { id: rest.queueId, name: queueName, color: queueColor ?? '' } : null,
    };
  };

  const raw = async (companyId: number, id: number): Promise<PromptRow | undefined> => db('prompts').where({ companyId, id }).first();
  const mustRaw = async (companyId: number, id: number) => {
    const row = await raw(companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  };

  async function columns(companyId: number, input: PromptInput, stored?: PromptRow) {
    if (!(await db('queues').where({ companyId, id: input.queueId }).first('id'))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    const secret = (incoming: string, old?: string) => (isMasked(incoming) ? (old ?? '') : box.seal(incoming));
    return {
      name: input.name,
      prompt: input.prompt,
      apiKey: secret(input.apiKey, stored?.apiKey),
      voice: input.voice,
      voiceKey: secret(input.voiceKey, stored?.voiceKey),
      voiceRegion: input.voiceRegion,
      maxTokens: input.maxTokens,
      temperature: input.temperature,
      maxMessages: input.maxMessages,
      queueId: input.queueId,
    };
  }

  return {
    /** The row with its secrets opened, for the assistant only. */
    async forAssistant(companyId: number, id: number): Promise<PromptRow | undefined> {
      const row = await raw(companyId, id);
      return row && { ...row, apiKey: box.open(row.apiKey), voiceKey: box.open(row.voiceKey) };
    },
    async show(companyId: number, id: number): Promise<Prompt> {
      const row = await base(companyId).andWhere('p.id', id).first(COLUMNS);
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      return shown(row);
    },
    async list(companyId: number, searchParam: string | undefined, pageNumber: number) {
      const query = base(companyId);
      const term = searchParam?.trim().toLowerCase();
      if (term) query.andWhereRaw('lower(p.name) like ?', [`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
      const [{ n }] = await query.clone().count({ n: '*' });
      const rows = await query.clone().select(COLUMNS).orderBy([{ column: 'p.name' }, { column: 'p.id' }]).limit(PROMPTS_PAGE_SIZE).offset((pageNumber - 1) * PROMPTS_PAGE_SIZE);
      const count = Number(n);
      return { prompts: rows.map(shown), count, hasMore: count > pageNumber * PROMPTS_PAGE_SIZE };
    },
    async create(companyId: number, input: PromptInput): Promise<Prompt> {
      const [row] = await db('prompts').insert({ companyId, ...(await columns(companyId, input)) }).returning('id');
      return this.show(companyId, row.id);
    },
    async update(companyId: number, id: number, input: PromptInput): Promise<Prompt> {
      const stored = await mustRaw(companyId, id);
      await db('prompts').where({ companyId, id }).update({ ...(await columns(companyId, input, stored)), updatedAt: db.fn.now() });
      return this.show(companyId, id);
    },
    /** The company's OpenAI key for transcriptions (issue #33): that of its most recently saved prompt with one, opened. */
    async companyApiKey(companyId: number, trx?: Knex.Transaction): Promise<string | null> {
      const rows: { apiKey: string }[] = await (trx ?? db)('prompts').where({ companyId }).whereNot({ apiKey: '' }).orderBy([{ column: 'updatedAt', order: 'desc' }, { column: 'id', order: 'desc' }]).select('apiKey');
      for (const row of rows) {
        const key = box.open(row.apiKey);
        if (key) return key;
      }
      return null;
    },
    /** Whether the queue is the company's (automatic transcription per queue). */
    async isCompanyQueue(companyId: number, queueId: number): Promise<boolean> {
      return Boolean(await db('queues').where({ companyId, id: queueId }).first('id'));
    },
    /** Queues and connections pointing at it let go (their columns have no foreign key). */
    async remove(companyId: number, id: number): Promise<void> {
      await mustRaw(companyId, id);
      await db.transaction(async (trx) => {
        await trx('queues').where({ companyId, promptId: id }).update({ promptId: null });
        await trx('whatsapps').where({ companyId, promptId: id }).update({ promptId: null });
        await trx('prompts').where({ companyId, id }).delete();
      });
    },
  };
}
export type PromptRepository = ReturnType<typeof createPromptRepository>;
