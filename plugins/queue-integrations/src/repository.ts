import type { Knex } from 'knex';
import { AppError, generateSigningSecret, type SecretBox } from '@guiche/core';
import { SIGNED_INTEGRATION_TYPES, type IntegrationInput, type QueueIntegration as QueueIntegrationAnswer } from '@guiche/contracts';
import { INTEGRATIONS_PAGE_SIZE } from './schemas.js';
import { maskJson, unmaskJson } from './secrets.js';

/** A stored integration (the shared shape of @guiche/contracts), its times as the driver reads them. */
export type IntegrationRow = Omit<QueueIntegrationAnswer, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
/** As the API answers it: the credentials' private key masked. */
export type QueueIntegration = IntegrationRow;

const TABLE = 'queueIntegrations';
const COLUMNS = [
  'id', 'companyId', 'type', 'name', 'projectName', 'jsonContent', 'language', 'urlN8n', 'typebotSlug', 'typebotExpires',
  'typebotDelayMessage', 'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage', 'createdAt', 'updatedAt',
];

/** The column is url_n8n; the API field keeps the spec's spelling urlN8N. */
type DbRow = Omit<IntegrationRow, 'urlN8N'> & { urlN8n?: string | null };

const shown = (row: IntegrationRow): QueueIntegration => ({ ...row, jsonContent: maskJson(row.jsonContent) });

const SIGNED_TYPES: readonly string[] = SIGNED_INTEGRATION_TYPES;
const isSigned = (type: string) => SIGNED_TYPES.includes(type);

function columns(box: SecretBox, input: IntegrationInput, stored?: IntegrationRow) {
  return {
    type: input.type,
    name: input.name,
    projectName: input.projectName,
    jsonContent: input.type === 'dialogflow' ? box.seal(unmaskJson(input.jsonContent, stored?.jsonContent ?? null) ?? '') || null : null,
    language: input.type === 'dialogflow' ? input.language : null,
    urlN8n: input.type === 'dialogflow' ? null : input.urlN8N,
    typebotSlug: input.type === 'typebot' ? input.typebotSlug : null,
    typebotExpires: input.typebotExpires,
    typebotDelayMessage: input.typebotDelayMessage,
    typebotKeywordFinish: input.typebotKeywordFinish,
    typebotKeywordRestart: input.typebotKeywordRestart,
    typebotUnknownMessage: input.typebotUnknownMessage,
    typebotRestartMessage: input.typebotRestartMessage,
  };
}

export function createIntegrationRepository(db: Knex, box: SecretBox) {
  /** The column is url_n8n (the API keeps the spec's urlN8N); jsonContent is stored sealed. */
  const fromDb = (row: DbRow | undefined): IntegrationRow | undefined => {
    if (!row) return undefined;
    const { urlN8n, ...rest } = row;
    return { ...rest, urlN8N: urlN8n ?? null, jsonContent: rest.jsonContent ? box.open(rest.jsonContent) || null : null };
  };
  const find = async (companyId: number, id: number): Promise<IntegrationRow | undefined> => fromDb(await db(TABLE).where({ companyId, id }).first(COLUMNS));
  const mustFind = async (companyId: number, id: number): Promise<IntegrationRow> => {
    const row = await find(companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND', 404);
    return row;
  };
  return {
    /** The row with its secrets, for the behaviours (never for an answer). */
    find,
    mustFind,
    async show(companyId: number, id: number): Promise<QueueIntegration> {
      return shown(await mustFind(companyId, id));
    },
    async list(companyId: number, searchParam: string | undefined, pageNumber: number) {
      const query = db(TABLE).where({ companyId });
      const term = searchParam?.trim().toLowerCase();
      if (term) query.andWhere((q) => q.whereRaw('lower(name) like ?', [`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]));
      const [{ n }] = await query.clone().count({ n: '*' });
      const rows = await query
        .clone()
        .select(COLUMNS)
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(INTEGRATIONS_PAGE_SIZE)
        .offset((pageNumber - 1) * INTEGRATIONS_PAGE_SIZE);
      const count = Number(n);
      return { queueIntegrations: rows.map((r: DbRow) => shown(fromDb(r)!)), count, hasMore: count > pageNumber * INTEGRATIONS_PAGE_SIZE };
    },
    /** A signed type gets its secret now: the answer is the only one that carries it unasked. */
    async create(companyId: number, input: IntegrationInput): Promise<{ integration: QueueIntegration; signingSecret?: string }> {
      const signingSecret = isSigned(input.type) ? generateSigningSecret() : undefined;
      const [row] = await db(TABLE).insert({ companyId, ...columns(box, input), signingSecret: signingSecret ? box.seal(signingSecret) : null }).returning('id');
      return { integration: shown(await mustFind(companyId, row.id)), signingSecret };
    },
    /** Turned into a signed type without a secret yet: one is made and answered once, as on creation. */
    async update(companyId: number, id: number, input: IntegrationInput): Promise<{ integration: QueueIntegration; signingSecret?: string }> {
      const stored = await mustFind(companyId, id);
      const hasSecret = Boolean((await db(TABLE).where({ companyId, id }).first('signingSecret'))?.signingSecret);
      const signingSecret = isSigned(input.type) && !hasSecret ? generateSigningSecret() : undefined;
      await db(TABLE)
        .where({ companyId, id })
        .update({ ...columns(box, input, stored), ...(signingSecret ? { signingSecret: box.seal(signingSecret) } : {}), updatedAt: db.fn.now() });
      return { integration: shown(await mustFind(companyId, id)), signingSecret };
    },
    /** The secret the behaviour signs with (never answered after creation/rotation). */
    async signingSecret(companyId: number, id: number): Promise<string> {
      const row = await db(TABLE).where({ companyId, id }).first('signingSecret');
      return row?.signingSecret ? box.open(row.signingSecret) : '';
    },
    /** A new secret for a signed integration: the old one stops signing at once (read on every call). */
    async rotateSecret(companyId: number, id: number): Promise<string> {
      const row = await mustFind(companyId, id);
      if (!isSigned(row.type)) throw new AppError('ERR_INTEGRATION_NOT_SIGNED', 400);
      const secret = generateSigningSecret();
      await db(TABLE).where({ companyId, id }).update({ signingSecret: box.seal(secret), updatedAt: db.fn.now() });
      return secret;
    },
    /** Signed integrations saved before secrets existed get one (each node's start; a row is filled once). */
    async fillMissingSecrets(): Promise<number> {
      const rows: { id: number }[] = await db(TABLE).whereIn('type', SIGNED_TYPES).whereNull('signingSecret').select('id');
      for (const row of rows) await db(TABLE).where({ id: row.id }).whereNull('signingSecret').update({ signingSecret: box.seal(generateSigningSecret()) });
      return rows.length;
    },
    /** Queues, options and connections pointing at it let go (their columns have no foreign key). */
    async remove(companyId: number, id: number): Promise<void> {
      await mustFind(companyId, id);
      await db.transaction(async (trx) => {
        await trx('queues').where({ companyId, integrationId: id }).update({ integrationId: null });
        await trx('chatbots').where({ companyId, optIntegrationId: id }).update({ optIntegrationId: null });
        await trx('whatsapps').where({ companyId, integrationId: id }).update({ integrationId: null });
        await trx(TABLE).where({ companyId, id }).delete();
      });
    },
  };
}
export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
