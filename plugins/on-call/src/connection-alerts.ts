import { CONNECTION_ALERT, type ConnectionAlert, type ConnectionAlertChange, type PluginContext } from '@guiche/core';
import type { Language } from '@guiche/contracts';
import { onDuty, tellOnDuty } from './on-duty.js';
import { connectionText } from './page-texts.js';

const TOLD = 'plantao_connection_alerts';

const downMinutes = (alert: Pick<ConnectionAlert, 'downSince'>, now: Date) => (alert.downSince ? Math.max(1, Math.round((now.getTime() - new Date(alert.downSince).getTime()) / 60_000)) : 0);

/** The text the on-call phone receives, in the duty user's language. */
export function connectionAlertText(alert: Pick<ConnectionAlert, 'name' | 'downSince' | 'drops'>, now: Date, language: Language = 'pt'): string {
  return connectionText({ name: alert.name, minutes: downMinutes(alert, now), drops: alert.drops }, language);
}

/**
 * A connection alert raised by the core (issue #31): each on-call person in their window gets one
 * WhatsApp message through another connected WhatsApp number of the company, when there is one.
 * Every node hears the alert; the row unique per (connection, alertedAt) lets one node send it.
 */
export function watchConnectionAlerts(ctx: PluginContext): () => void {
  return ctx.bus.subscribe<ConnectionAlertChange>(CONNECTION_ALERT, async ({ payload }) => {
    if (payload.action !== 'raised' || !payload.alert.alertedAt) return;
    const { alert } = payload;
    const now = new Date();
    const later: (() => Promise<void> | void)[] = [];
    await ctx.db.transaction(async (trx) => {
      const plantoes = await onDuty(trx, alert.companyId, now);
      if (!plantoes.length) return;
      const through = (await ctx.connections.connected(alert.companyId, ['whatsapp', 'whatsappapi'], { trx })).find((c) => c.id !== alert.connectionId);
      if (!through) {
        ctx.log.warn({ companyId: alert.companyId, connectionId: alert.connectionId }, 'on-call: no other connected number to tell the connection alert through');
        return;
      }
      const [told] = await trx(TOLD).insert({ companyId: alert.companyId, connectionId: alert.connectionId, alertedAt: new Date(alert.alertedAt!) }).onConflict(['connection_id', 'alerted_at']).ignore().returning('id');
      if (!told) return; // another node tells it
      const within = { trx, afterCommit: (fn: () => Promise<void> | void) => void later.push(fn) };
      const fields = (language: Language) => ({ connection: alert.name, minutes: downMinutes(alert, now), text: connectionAlertText(alert, now, language) });
      const sent = await tellOnDuty(ctx, within, { companyId: alert.companyId, connection: through }, plantoes, fields, now);
      await trx(TOLD).where({ id: told.id }).update({ notified: sent });
    });
    for (const fn of later) await fn();
  });
}
