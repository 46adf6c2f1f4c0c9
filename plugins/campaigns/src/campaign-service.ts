import { AppError, type AuthUser, type PluginContext } from '@guiche/core';
import { loadCampaigns, type CampaignRow } from './campaign-repository.js';
import { mustBeAdmin } from './contact-lists.js';
import { armDispatch, disarm, START_KIND, type StartPayload } from './dispatch.js';
import { HELD_PAUSES } from './guard-rules.js';
import { recordDecision } from './guard-store.js';
import type { Events } from './events.js';
import { MESSAGE_SLOTS, PAGE_SIZE, type CampaignInput } from './schemas.js';
import { checkCampaignCloudRules } from './cloud-templates.js';

/** §4: editable when INATIVA, CANCELADA, or PROGRAMADA more than this ahead. */
export const EDITABLE_AHEAD_MS = 3_600_000;

export function isEditable(row: Pick<CampaignRow, 'status' | 'scheduledAt'>, now = Date.now()): boolean {
  if (row.status === 'INATIVA' || row.status === 'CANCELADA') return true;
  return row.status === 'PROGRAMADA' && !!row.scheduledAt && new Date(row.scheduledAt).getTime() - now > EDITABLE_AHEAD_MS;
}

type Ctx = Pick<PluginContext, 'db' | 'timedWork' | 'connections' | 'conversations' | 'plans'>;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

export function createCampaignService(ctx: Ctx, events: Events) {
  const { db } = ctx;

  async function mustFind(companyId: number, id: number) {
    const [campaign] = await loadCampaigns(db, companyId, [id]);
    if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404);
    return campaign;
  }

  /** The list, tag and connections named by the form must be the caller's company's. */
  async function checkReferences(companyId: number, input: CampaignInput): Promise<void> {
    // The flow itself is the flow builder's: it checks the company's flow when a reply starts it.
    if (input.flowId && !(await ctx.plans.has(companyId, 'useFlowBuilder'))) throw new AppError('ERR_PLAN_DISABLED', 403, { field: 'flowId' });
    if (input.contactListId && !(await db('contactLists').where({ id: input.contactListId, companyId }).first('id'))) throw new AppError('ERR_NO_CONTACT_LIST_FOUND', 404);
    if (input.tagListId && !(await db('tags').where({ id: input.tagListId, companyId }).first('id'))) throw new AppError('ERR_NO_TAG_FOUND', 404);
    const found = await ctx.connections.findMany(companyId, input.whatsappId);
    if (found.length !== input.whatsappId.length) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    await checkCampaignCloudRules(ctx, companyId, input);
  }

  const fields = (input: CampaignInput) => ({
    name: input.name,
    confirmation: input.confirmation,
    contactListId: input.contactListId,
    tagListId: input.tagListId,
    whatsappIds: input.whatsappId,
    scheduledAt: input.scheduledAt,
    template: input.template ?? null,
    flowId: input.flowId ?? null,
    ...Object.fromEntries(MESSAGE_SLOTS.flatMap((n) => [[`message${n}`, input[`message${n}`]], [`confirmationMessage${n}`, input[`confirmationMessage${n}`]]])),
  });

  /** A schedule makes it PROGRAMADA with its start timer; none leaves it INATIVA (or CANCELADA). */
  async function arm(trx: import('knex').Knex.Transaction, id: number, companyId: number, input: CampaignInput, previous: CampaignRow['status']) {
    await ctx.timedWork.cancel(START_KIND, String(id), trx);
    const status = input.scheduledAt ? 'PROGRAMADA' : previous === 'CANCELADA' ? 'CANCELADA' : 'INATIVA';
    await trx('campaigns').where({ id }).update({ status });
    if (input.scheduledAt) await ctx.timedWork.schedule<StartPayload>({ kind: START_KIND, key: String(id), companyId, dueAt: input.scheduledAt, payload: { campaignId: id } }, trx);
  }

  async function transition(auth: AuthUser, id: number, from: CampaignRow['status'], apply: (trx: import('knex').Knex.Transaction, row: CampaignRow) => Promise<void>) {
    mustBeAdmin(auth);
    await db.transaction(async (trx) => {
      const row: CampaignRow | undefined = await trx('campaigns').where({ id, companyId: auth.companyId }).forUpdate().first();
      if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404);
      if (row.status !== from) throw new AppError('ERR_CAMPAIGN_STATUS', 400);
      await apply(trx, row);
    });
    const campaign = await mustFind(auth.companyId, id);
    events.campaign(auth.companyId, 'update', campaign);
    return campaign;
  }

  return {
    mustFind,
    async list(auth: AuthUser, query: { searchParam?: string; pageNumber: number }) {
      const q = db('campaigns').where({ companyId: auth.companyId });
      if (query.searchParam?.trim()) q.whereRaw('lower(name) LIKE ?', [like(query.searchParam.trim())]);
      const rows: { id: number }[] = await q.orderBy('id', 'desc').limit(PAGE_SIZE + 1).offset((query.pageNumber - 1) * PAGE_SIZE).select('id');
      const records = await loadCampaigns(db, auth.companyId, rows.slice(0, PAGE_SIZE).map((r) => r.id));
      return { records, hasMore: rows.length > PAGE_SIZE };
    },
    async create(auth: AuthUser, input: CampaignInput) {
      mustBeAdmin(auth);
      await checkReferences(auth.companyId, input);
      const id = await db.transaction(async (trx) => {
        const [row] = await trx('campaigns').insert({ companyId: auth.companyId, ...fields(input) }).returning('id');
        await arm(trx, row.id, auth.companyId, input, 'INATIVA');
        return row.id as number;
      });
      const campaign = await mustFind(auth.companyId, id);
      events.campaign(auth.companyId, 'create', campaign);
      return campaign;
    },
    async update(auth: AuthUser, id: number, input: CampaignInput) {
      mustBeAdmin(auth);
      await checkReferences(auth.companyId, input);
      await db.transaction(async (trx) => {
        const row: CampaignRow | undefined = await trx('campaigns').where({ id, companyId: auth.companyId }).forUpdate().first();
        if (!row) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404);
        if (!isEditable(row)) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 400);
        await trx('campaigns').where({ id }).update({ ...fields(input), updatedAt: trx.fn.now() });
        await arm(trx, id, auth.companyId, input, row.status);
      });
      const campaign = await mustFind(auth.companyId, id);
      events.campaign(auth.companyId, 'update', campaign);
      return campaign;
    },
    async remove(auth: AuthUser, id: number) {
      mustBeAdmin(auth);
      const row = await db.transaction(async (trx) => {
        const found: CampaignRow | undefined = await trx('campaigns').where({ id, companyId: auth.companyId }).forUpdate().first();
        if (!found) throw new AppError('ERR_NO_CAMPAIGN_FOUND', 404);
        await disarm(ctx, trx, found, true);
        await trx('campaigns').where({ id }).delete();
        return found;
      });
      events.campaignRemoved(auth.companyId, id);
      return row;
    },
    /** EM_ANDAMENTO → CANCELADA: its timers go; messages already stored still deliver. */
    cancel: (auth: AuthUser, id: number) =>
      transition(auth, id, 'EM_ANDAMENTO', async (trx, row) => {
        await trx('campaigns').where({ id }).update({ status: 'CANCELADA', pauseReason: null, updatedAt: trx.fn.now() });
        await disarm(ctx, trx, row, false);
      }),
    /** CANCELADA → EM_ANDAMENTO: the pending rows go on, paced from now. */
    restart: (auth: AuthUser, id: number) =>
      transition(auth, id, 'CANCELADA', async (trx, row) => {
        await trx('campaigns').where({ id }).update({ status: 'EM_ANDAMENTO', pauseReason: null, completedAt: null, updatedAt: trx.fn.now() });
        await armDispatch(ctx, trx, row, new Date());
      }),
    /**
     * A campaign the guard paused (failures, quality) goes on, paced from now: failures before the
     * click (or before the last message handed over, whichever is later) no longer count.
     */
    resume: (auth: AuthUser, id: number) =>
      transition(auth, id, 'EM_ANDAMENTO', async (trx, row) => {
        if (!row.pauseReason || !HELD_PAUSES.includes(row.pauseReason)) throw new AppError('ERR_CAMPAIGN_STATUS', 400);
        const now = new Date();
        const last = await trx('campaignShippings').where({ campaignId: id }).max<{ at: Date | null }[]>({ at: 'sendingAt' }).first();
        const resumedAt = last?.at && new Date(last.at) > now ? new Date(last.at) : now;
        await trx('campaigns').where({ id }).update({ pauseReason: null, guardResumedAt: resumedAt, updatedAt: trx.fn.now() });
        await recordDecision(trx, { companyId: row.companyId, campaignId: id, connectionId: null, decision: 'resumed', detail: { userId: auth.id, was: row.pauseReason }, at: now });
        await armDispatch(ctx, trx, row, now);
      }),
  };
}
export type CampaignService = ReturnType<typeof createCampaignService>;
