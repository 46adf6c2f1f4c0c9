import type { PluginContext, TimedHandler } from '@guiche/core';
import type { Events } from './events.js';

export const CHECK_KIND = 'campaigns.check-numbers';
/** Numbers asked per claim, and the wait when no WhatsApp connection of the company is up. */
export const CHECK_BATCH = 20;
export const CHECK_RETRY_MS = 60_000;

export interface CheckPayload {
  contactListId: number;
}

/**
 * The list's unchecked numbers, asked to a connected WhatsApp session of the company in the
 * background (never blocking the request): each item gets isWhatsappValid, progress goes live.
 */
export function createNumberCheck(ctx: Pick<PluginContext, 'channels' | 'log'>, events: Events): TimedHandler<CheckPayload> {
  return async (job) => {
    const { trx } = job;
    const list = await trx('contactLists').where({ id: job.payload.contactListId }).first('id', 'companyId');
    if (!list) return;
    const items = await trx('contactListItems').where({ contactListId: list.id }).whereNull('isWhatsappValid').orderBy('id').limit(CHECK_BATCH).select('id', 'number');
    if (!items.length) return;
    const connection = await trx('whatsapps').where({ companyId: list.companyId, channel: 'whatsapp', status: 'CONNECTED' }).orderBy('isDefault', 'desc').orderBy('id').first('id');
    if (!connection) return { rescheduleAt: new Date(job.now.getTime() + CHECK_RETRY_MS), payload: job.payload };
    for (const item of items) {
      let valid: boolean;
      try {
        valid = !!(await ctx.channels.call(connection.id, { method: 'checkNumber', args: [item.number] }));
      } catch (err) {
        // The session cannot answer (not running here or anywhere, or the channel cannot check): later.
        ctx.log.info({ err, connectionId: connection.id }, 'campaigns: number check postponed');
        return { rescheduleAt: new Date(job.now.getTime() + CHECK_RETRY_MS), payload: job.payload };
      }
      await trx('contactListItems').where({ id: item.id }).update({ isWhatsappValid: valid, updatedAt: trx.fn.now() });
    }
    const left = await trx('contactListItems').where({ contactListId: list.id }).whereNull('isWhatsappValid').count<{ n: string }[]>('id as n');
    const total = await trx('contactListItems').where({ contactListId: list.id }).count<{ n: string }[]>('id as n');
    job.afterCommit(() => events.items(list.companyId, list.id, { action: 'reload', progress: { checked: Number(total[0].n) - Number(left[0].n), total: Number(total[0].n) } }));
    if (Number(left[0].n) > 0) return { rescheduleAt: job.now, payload: job.payload };
  };
}
