import { AppError, withinHours, type PluginContext, type TimedHandler, type TimedJob } from '@guiche/core';
import type { Knex } from 'knex';
import { filledMessages, loadCampaigns, type CampaignRow } from './campaign-repository.js';
import type { Events } from './events.js';
import { readSettings, type CampaignSettings } from './settings.js';
import { capForDay, GuardPause, HELD_PAUSES, nextDayStart, warmupDay, withinSendingHours } from './guard-rules.js';
import { failuresSince, markFirstSend, readGuard, recordDecision, sentToday, type GuardDecision } from './guard-store.js';
import { DISPATCH_KIND, dispatchKey, PROGRESS_KIND, START_KIND } from './dispatch-keys.js';
import { CLOUD_CHANNEL, lockPortfolio, pauseForQuality, qualityHolds, tierRoom } from './cloud-guard.js';
import { campaignTemplateSend, windowClosed } from './cloud-templates.js';
import { armReplyFlow } from './reply-flow.js';

export { START_KIND, DISPATCH_KIND, PROGRESS_KIND, dispatchKey } from './dispatch-keys.js';
/** A connection that is down is looked at again this often (the campaign shows why it waits). */
export const RECONNECT_CHECK_MS = 10_000;
/** Outside the company's service hours (when the company sends only within them), looked at again this often. */
export const HOURS_CHECK_MS = 60_000;
export const OUTSIDE_HOURS = 'OUTSIDE_BUSINESS_HOURS';
/** How often the shipping states are read back from their messages while a campaign runs. */
export const PROGRESS_MS = 2_000;
/** Sends one claim may make when the pause between them is zero (a claim stays short). */
export const BATCH_MAX = 50;
/** After FINALIZADA, answers to a confirmation are still looked for this long. */
export const CONFIRMATION_WINDOW_MS = 24 * 3_600_000;
/** Answers taken for a yes to a confirmation message (trimmed, lower case). */
export const YES = ['sim', 's', '1', 'yes', 'y', 'si', 'sí', 'evet', 'ok', 'confirmo'];

export interface StartPayload {
  campaignId: number;
}
export interface DispatchPayload {
  campaignId: number;
  connectionId: number;
  /** Sends on this connection since its last longer pause. */
  sentSinceBreak: number;
}


type Ctx = Pick<PluginContext, 'db' | 'timedWork' | 'messages' | 'conversations' | 'tickets' | 'log' | 'connections'>;
type Random = () => number;

/**
 * The pause before a connection's next send, counted from now: a random interval up to
 * messageInterval seconds, or greaterInterval after every longerIntervalAfter sends.
 */
export function nextPause(settings: Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>, sentSinceBreak: number, random: Random = Math.random): { ms: number; sentSinceBreak: number } {
  if (settings.longerIntervalAfter > 0 && sentSinceBreak >= settings.longerIntervalAfter) return { ms: settings.greaterInterval * 1000, sentSinceBreak: 0 };
  return { ms: Math.round(random() * settings.messageInterval * 1000), sentSinceBreak };
}

/** {nome}, {numero}, {email} of the contact and the company's custom variables {shortcut}. */
export function fillVariables(body: string, contact: { name: string; number: string; email: string | null }, variables: { key: string; value: string }[]): string {
  let out = body.replace(/\{nome\}/g, contact.name).replace(/\{numero\}/g, contact.number).replace(/\{email\}/g, contact.email ?? '');
  for (const v of variables) out = out.split(`{${v.key}}`).join(v.value);
  return out;
}

/** The connections' timers from now: a start, a restart or a resume never fires overdue contacts at once. */
export async function armDispatch(ctx: Pick<PluginContext, 'timedWork'>, trx: Knex.Transaction, row: Pick<CampaignRow, 'id' | 'companyId' | 'whatsappIds'>, now: Date): Promise<void> {
  for (const connectionId of row.whatsappIds) {
    await ctx.timedWork.schedule<DispatchPayload>({ kind: DISPATCH_KIND, key: dispatchKey(row.id, connectionId), companyId: row.companyId, dueAt: now, payload: { campaignId: row.id, connectionId, sentSinceBreak: 0 } }, trx);
  }
  await ctx.timedWork.schedule<StartPayload>({ kind: PROGRESS_KIND, key: String(row.id), companyId: row.companyId, dueAt: new Date(now.getTime() + PROGRESS_MS), payload: { campaignId: row.id } }, trx);
}

export async function disarm(ctx: Pick<PluginContext, 'timedWork'>, trx: Knex.Transaction, row: Pick<CampaignRow, 'id' | 'whatsappIds'>, withProgress: boolean): Promise<void> {
  for (const connectionId of row.whatsappIds) await ctx.timedWork.cancel(DISPATCH_KIND, dispatchKey(row.id, connectionId), trx);
  await ctx.timedWork.cancel(START_KIND, String(row.id), trx);
  if (withProgress) await ctx.timedWork.cancel(PROGRESS_KIND, String(row.id), trx);
}

export function createDispatch(ctx: Ctx, events: Events, random: Random = Math.random) {
  const announce = (job: TimedJob<unknown>, companyId: number, campaignId: number) =>
    job.afterCommit(async () => {
      const [campaign] = await loadCampaigns(ctx.db, companyId, [campaignId]);
      if (campaign) events.campaign(companyId, 'update', campaign);
    });

  /** The guard holds the campaign for `reason` (logged and announced once, when it starts holding). */
  async function hold(job: TimedJob<unknown>, row: CampaignRow, connectionId: number, reason: string, decision: GuardDecision, detail: Record<string, unknown>) {
    if (row.pauseReason === reason) return;
    await job.trx('campaigns').where({ id: row.id }).update({ pauseReason: reason, updatedAt: job.trx.fn.now() });
    await recordDecision(job.trx, { companyId: row.companyId, campaignId: row.id, connectionId, decision, detail, at: job.now });
    row.pauseReason = reason;
    announce(job, row.companyId, row.id);
  }

  /**
   * Too many failures, "not on WhatsApp" answers or blocks on a Baileys connection within its window:
   * the campaign stops (its dispatch timers go) until an admin resumes it; the admins are told.
   */
  async function guardFailures(job: TimedJob<unknown>, row: CampaignRow & { guardResumedAt?: Date | null }): Promise<boolean> {
    const connections = await ctx.connections.findMany(row.companyId, row.whatsappIds, { trx: job.trx });
    for (const connection of connections.filter((c) => c.channel === 'whatsapp')) {
      const guard = await readGuard(job.trx, row.companyId, connection.id);
      const windowStart = new Date(job.now.getTime() - guard.failureWindowMinutes * 60_000);
      const since = row.guardResumedAt && new Date(row.guardResumedAt) > windowStart ? new Date(row.guardResumedAt) : windowStart;
      const counts = await failuresSince(job.trx, row.id, connection.id, since);
      if (counts.total < guard.failureThreshold) continue;
      const detail = { ...counts, threshold: guard.failureThreshold, windowMinutes: guard.failureWindowMinutes, connectionName: connection.name };
      await hold(job, row, connection.id, GuardPause.failures, 'paused_failures', detail);
      for (const id of row.whatsappIds) await ctx.timedWork.cancel(DISPATCH_KIND, dispatchKey(row.id, id), job.trx);
      job.afterCommit(async () => events.guardPaused(row.companyId, { campaignId: row.id, name: row.name, reason: GuardPause.failures, detail }));
      return true;
    }
    return false;
  }

  /** PROGRAMADA → EM_ANDAMENTO at scheduledAt: one shipping row per contact (the list's valid items, or the tag's contacts). */
  const start: TimedHandler<StartPayload> = async (job) => {
    const { trx } = job;
    const row: CampaignRow | undefined = await trx('campaigns').where({ id: job.payload.campaignId }).forUpdate().first();
    if (!row || row.status !== 'PROGRAMADA') return;
    if (row.contactListId) {
      await trx.raw(
        `INSERT INTO campaign_shippings (company_id, campaign_id, contact_list_item_id, number, name, email)
         SELECT company_id, ?, id, number, name, email FROM contact_list_items
         WHERE contact_list_id = ? AND company_id = ? AND is_whatsapp_valid IS NOT FALSE ORDER BY id
         ON CONFLICT (campaign_id, number) DO NOTHING`,
        [row.id, row.contactListId, row.companyId],
      );
    }
    if (row.tagListId) {
      await trx.raw(
        `INSERT INTO campaign_shippings (company_id, campaign_id, number, name, email)
         SELECT c.company_id, ?, c.number, c.name, nullif(c.email, '') FROM contacts c JOIN contact_tags ct ON ct.contact_id = c.id
         WHERE ct.tag_id = ? AND c.company_id = ? AND c.number <> '' ORDER BY c.id
         ON CONFLICT (campaign_id, number) DO NOTHING`,
        [row.id, row.tagListId, row.companyId],
      );
    }
    await trx('campaigns').where({ id: row.id }).update({ status: 'EM_ANDAMENTO', completedAt: null, pauseReason: null, updatedAt: trx.fn.now() });
    await armDispatch(ctx, trx, row, job.now);
    announce(job, row.companyId, row.id);
  };

  /** One connection's next contact(s): the shipping row → sending and its message row in the claim's transaction. */
  const dispatch: TimedHandler<DispatchPayload> = async (job) => {
    const { trx, payload } = job;
    const row: CampaignRow | undefined = await trx('campaigns').where({ id: payload.campaignId }).forUpdate().first();
    if (!row || row.status !== 'EM_ANDAMENTO' || !row.whatsappIds.includes(payload.connectionId)) return;
    // Paused by the guard: waits for an admin's resume, which sets the timers again.
    if (row.pauseReason && HELD_PAUSES.includes(row.pauseReason)) return;
    const connection = await trx('whatsapps').where({ id: payload.connectionId, companyId: row.companyId }).first('id', 'status', 'channel', 'name');
    if (!connection) return;
    if (connection.status !== 'CONNECTED') {
      if (row.pauseReason !== 'ERR_WAPP_NOT_INITIALIZED') {
        await trx('campaigns').where({ id: row.id }).update({ pauseReason: 'ERR_WAPP_NOT_INITIALIZED', updatedAt: trx.fn.now() });
        announce(job, row.companyId, row.id);
      }
      return { rescheduleAt: new Date(job.now.getTime() + RECONNECT_CHECK_MS), payload };
    }
    const settings = await readSettings(trx, row.companyId);
    if (settings.businessHoursOnly) {
      const company = await trx('companies').where({ id: row.companyId }).first('schedules');
      if (!withinHours(company?.schedules, job.now)) {
        if (row.pauseReason !== OUTSIDE_HOURS) {
          await trx('campaigns').where({ id: row.id }).update({ pauseReason: OUTSIDE_HOURS, updatedAt: trx.fn.now() });
          announce(job, row.companyId, row.id);
        }
        return { rescheduleAt: new Date(job.now.getTime() + HOURS_CHECK_MS), payload };
      }
    }
    // Ban guardrails of a Baileys connection: its sending hours and today's (warm-up) cap.
    const guard = connection.channel === 'whatsapp' ? await readGuard(trx, row.companyId, payload.connectionId) : null;
    let remaining = Number.POSITIVE_INFINITY;
    // A Cloud API connection follows Meta instead: its quality rating and its messaging limit tier.
    if (connection.channel === CLOUD_CHANNEL) {
      const cloud = await readGuard(trx, row.companyId, payload.connectionId);
      if (qualityHolds(cloud, row)) {
        await pauseForQuality(ctx, events, { trx, afterCommit: job.afterCommit }, row, connection, cloud, job.now);
        return;
      }
      await lockPortfolio(trx, cloud, row.companyId);
      const room = await tierRoom(trx, cloud, row.companyId, job.now);
      if (room && room.remaining <= 0) {
        await hold(job, row, payload.connectionId, GuardPause.tierCap, 'tier_cap', { tier: room.tier, limit: room.limit, recipients: room.recipients, connections: room.connections, resumeAt: room.freesAt.toISOString() });
        return { rescheduleAt: room.freesAt, payload: { ...payload, sentSinceBreak: 0 } };
      }
      if (room) remaining = room.remaining;
    }
    if (guard) {
      if (!withinSendingHours(guard, job.now)) {
        await hold(job, row, payload.connectionId, GuardPause.sendingHours, 'sending_hours', { from: guard.sendingFrom, to: guard.sendingTo });
        return { rescheduleAt: new Date(job.now.getTime() + HOURS_CHECK_MS), payload };
      }
      const day = warmupDay(guard.firstSendAt, job.now);
      const cap = capForDay(guard, day);
      const sent = await sentToday(trx, payload.connectionId, job.now);
      if (sent >= cap) {
        const resumeAt = nextDayStart(job.now);
        await hold(job, row, payload.connectionId, GuardPause.dailyCap, 'daily_cap', { cap, sentToday: sent, warmupDay: day, warmupDays: guard.warmupDays, resumeAt: resumeAt.toISOString() });
        return { rescheduleAt: resumeAt, payload: { ...payload, sentSinceBreak: 0 } };
      }
      remaining = cap - sent;
      if (!guard.firstSendAt) await markFirstSend(trx, row.companyId, payload.connectionId, job.now);
    }
    if (row.pauseReason) {
      const down = await trx('whatsapps').whereIn('id', row.whatsappIds).whereNot({ status: 'CONNECTED' }).first('id');
      if (!down) {
        await trx('campaigns').where({ id: row.id }).update({ pauseReason: null, updatedAt: trx.fn.now() });
        announce(job, row.companyId, row.id);
        // Resumed: the first send waits a fresh interval from now, like any other.
        const pause = nextPause(settings, payload.sentSinceBreak, random);
        if (pause.ms > 0) return { rescheduleAt: new Date(job.now.getTime() + pause.ms), payload: { ...payload, sentSinceBreak: pause.sentSinceBreak } };
      }
    }
    const messages = filledMessages(row);
    let sentSinceBreak = payload.sentSinceBreak;
    for (let n = 0; n < BATCH_MAX; n++) {
      // Today's cap (or Meta's tier) reached within this claim: the next claim logs it and waits.
      if (remaining <= 0) return { rescheduleAt: job.now, payload: { ...payload, sentSinceBreak } };
      const shipping = await trx('campaignShippings').where({ campaignId: row.id, state: 'pending' }).orderBy('id').forUpdate().skipLocked().first();
      if (!shipping) return; // nothing left for this connection; the progress timer finishes the campaign
      // On a Cloud API connection a campaign's template goes instead of its messages: only a template reaches a closed window.
      const byTemplate = connection.channel === CLOUD_CHANNEL && row.template ? row.template : null;
      if (!messages.length && !byTemplate) {
        await trx('campaignShippings').where({ id: shipping.id }).update({ state: 'failed', reason: 'no message' });
        continue;
      }
      const slot = messages.length ? messages[(shipping.id - 1) % messages.length]! : null;
      const message = byTemplate ? { index: slot?.index ?? 0, body: '', confirmation: null } : slot!;
      // A confirmation campaign asks first (the slot's confirmation message); the message follows a yes.
      // By template the template is the question: the yes opens the window, so the slot's message (and media) then goes as free text.
      const asking = row.confirmation && (byTemplate ? !!slot : !!message.confirmation?.trim());
      const body = byTemplate ? '' : fillVariables(asking ? message.confirmation! : message.body, shipping, settings.variables);
      const media = row.mediaPath && !byTemplate ? { path: row.mediaPath, mimetype: row.mediaType ?? 'application/octet-stream', fileName: row.mediaName ?? 'file' } : undefined;
      try {
        // Free text to a Cloud API contact whose window closed since the campaign was saved: Meta would refuse it, so it is not sent.
        if (connection.channel === CLOUD_CHANNEL && !byTemplate && (await windowClosed(ctx, trx, { companyId: row.companyId, connectionId: payload.connectionId }, shipping.number, job.now))) {
          throw new AppError('ERR_WINDOW_CLOSED', 409);
        }
        const content = byTemplate ? await campaignTemplateSend(trx, payload.connectionId, byTemplate, (text) => fillVariables(text, shipping, settings.variables)) : { body };
        // No savepoint (two statements a contact): open and send refuse before they write (send's
        // checks are conditions of its one statement; a lost ticket race leaves only the contact,
        // which a later send makes anyway), and any other error fails the whole claim.
        {
          const within = { trx, afterCommit: job.afterCommit };
          const opened = await ctx.conversations.open({ companyId: row.companyId, connectionId: payload.connectionId, number: shipping.number }, within);
          const sent = await ctx.messages.send({ companyId: row.companyId, ticketId: opened.ticketId, userId: null, ...content, media }, within);
          await trx('campaignShippings').where({ id: shipping.id }).update({
            state: asking ? 'confirmation_requested' : 'sending',
            ...(asking ? { confirmationRequestedAt: job.now } : {}),
            messageIndex: message.index,
            connectionId: payload.connectionId,
            contactId: opened.contactId,
            messageId: sent.id,
            sendingAt: job.now,
          });
          if (!asking) await armReplyFlow(ctx, trx, row, payload.connectionId, opened.contactId, job.now);
        }
        remaining -= 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // This contact cannot be reached (e.g. an invalid number): failed with the reason, never counted as delivered.
        await trx('campaignShippings').where({ id: shipping.id }).update({ state: 'failed', reason: error.code, connectionId: payload.connectionId, sendingAt: job.now });
        // "Not on WhatsApp" answers count toward the guard's pause at once, not at the next progress read.
        if (guard && (await guardFailures(job, row))) return;
      }
      sentSinceBreak += 1;
      const pause = nextPause(settings, sentSinceBreak, random);
      sentSinceBreak = pause.sentSinceBreak;
      if (pause.ms > 0) return { rescheduleAt: new Date(job.now.getTime() + pause.ms), payload: { ...payload, sentSinceBreak } };
    }
    return { rescheduleAt: job.now, payload: { ...payload, sentSinceBreak } };
  };

  /** Reads sent / failed back from the messages; FINALIZADA once every row is sent or failed. */
  const progress: TimedHandler<StartPayload> = async (job) => {
    const { trx } = job;
    const row: CampaignRow | undefined = await trx('campaigns').where({ id: job.payload.campaignId }).forUpdate().first();
    if (!row) return;
    const reconciled = await reconcile(trx, row.id);
    const changed = (await confirmations(job, row)) || reconciled;
    if (row.status === 'EM_ANDAMENTO' && !HELD_PAUSES.includes(row.pauseReason ?? '')) await guardFailures(job, row);
    const open = await trx('campaignShippings').where({ campaignId: row.id }).whereIn('state', ['pending', 'sending']).first('state');
    const waiting = row.confirmation ? await trx('campaignShippings').where({ campaignId: row.id, state: 'confirmation_requested' }).first('id') : undefined;
    const next = { rescheduleAt: new Date(job.now.getTime() + PROGRESS_MS), payload: job.payload };
    if (row.status === 'EM_ANDAMENTO' && !open) {
      await trx('campaigns').where({ id: row.id }).update({ status: 'FINALIZADA', completedAt: job.now, pauseReason: null, updatedAt: trx.fn.now() });
      await disarm(ctx, trx, row, false);
      announce(job, row.companyId, row.id);
      return waiting ? next : undefined;
    }
    if (changed) announce(job, row.companyId, row.id);
    const watchingAnswers = waiting && (!row.completedAt || job.now.getTime() - new Date(row.completedAt).getTime() < CONFIRMATION_WINDOW_MS);
    if (row.status === 'EM_ANDAMENTO' || open?.state === 'sending' || watchingAnswers) return next;
  };

  /**
   * Contacts asked for confirmation who answered yes since: their row becomes confirmed and the
   * campaign's message goes out in this claim's transaction (once: the row leaves the state with it).
   */
  async function confirmations(job: TimedJob<unknown>, row: CampaignRow): Promise<boolean> {
    if (!row.confirmation) return false;
    const { trx } = job;
    const answered = await trx('campaignShippings as s')
      .where({ 's.campaignId': row.id, 's.state': 'confirmation_requested' })
      .whereExists((q) =>
        q
          .select(trx.raw('1'))
          .from('messages as m')
          .whereRaw('m.contact_id = s.contact_id AND m.whatsapp_id = s.connection_id AND m.from_me = false AND m.id > s.message_id')
          .whereRaw('lower(trim(m.body)) = ANY(?)', [YES]),
      )
      .forUpdate('s')
      .skipLocked()
      .select('s.*')
      .limit(BATCH_MAX);
    if (!answered.length) return false;
    const messages = filledMessages(row);
    const settings = await readSettings(trx, row.companyId);
    const media = row.mediaPath ? { path: row.mediaPath, mimetype: row.mediaType ?? 'application/octet-stream', fileName: row.mediaName ?? 'file' } : undefined;
    for (const shipping of answered) {
      const message = messages.find((m) => m.index === shipping.messageIndex) ?? messages[0];
      const within = { trx, afterCommit: job.afterCommit };
      const opened = await ctx.conversations.open({ companyId: row.companyId, connectionId: shipping.connectionId, number: shipping.number }, within);
      const sent = await ctx.messages.send({ companyId: row.companyId, ticketId: opened.ticketId, userId: null, body: fillVariables(message.body, shipping, settings.variables), media }, within);
      await trx('campaignShippings').where({ id: shipping.id }).update({ state: 'confirmed', confirmedAt: job.now, messageId: sent.id });
      await armReplyFlow(ctx, trx, row, shipping.connectionId, opened.contactId, job.now);
    }
    return true;
  }

  return { start, dispatch, progress };
}

/** sending → sent / failed from the message's send_status (the channel's answer); answers whether any row moved. */
export async function reconcile(db: Knex | Knex.Transaction, campaignId: number): Promise<boolean> {
  const moved = await db.raw(
    `UPDATE campaign_shippings s
        SET state = CASE WHEN m.id IS NULL OR m.send_status = 'failed' THEN 'failed' ELSE 'sent' END,
            reason = CASE WHEN m.id IS NULL THEN 'message removed' WHEN m.send_status = 'failed' THEN left(coalesce(m.send_error, 'send failed'), 500) END,
            delivered_at = CASE WHEN m.send_status = 'sent' THEN m.updated_at END
       FROM campaign_shippings s2 LEFT JOIN messages m ON m.id = s2.message_id
      WHERE s.id = s2.id AND s.campaign_id = ? AND s.state = 'sending'
        AND (m.id IS NULL OR m.send_status IN ('sent', 'failed'))
  RETURNING s.id`,
    [campaignId],
  );
  const refused = await db.raw(
    `UPDATE campaign_shippings s SET state = 'failed', reason = left(coalesce(m.send_error, 'send failed'), 500)
       FROM messages m
      WHERE s.campaign_id = ? AND s.state = 'confirmation_requested' AND m.id = s.message_id AND m.send_status = 'failed'
  RETURNING s.id`,
    [campaignId],
  );
  return (moved.rows ?? []).length + (refused.rows ?? []).length > 0;
}
