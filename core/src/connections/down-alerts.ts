import { Events, Rooms, type ConnectionAlert, type ConnectionAlertChange, type ConnectionStatus } from '@guiche/contracts';
import type { Knex } from 'knex';
import type { CoreServices } from '../services.js';

/**
 * A connection that stays down longer than the company's `connectionAlertMinutes` raises an alert
 * (issue #31): a durable timer set when it drops, cancelled when it is back. The alert reaches the
 * company's admins live, plugins through the bus (on-call phone, outgoing webhooks) and Prometheus.
 * A deliberate disconnect (logout, new QR, "try again") raises nothing.
 */
export const DOWN_ALERT_KIND = 'connections.down-alert';
export const CONNECTION_ALERT = 'core.connection.alert';
/** Drops closer together than this count as one flapping series. */
export const FLAP_WINDOW_MS = 3_600_000;
const TABLE = 'connectionAlerts';

export type { ConnectionAlert, ConnectionAlertChange };

export const connectionAlertEvent = Events.connectionAlert;

type Db = Knex | Knex.Transaction;
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function loadAlerts(db: Db, companyId: number, connectionId?: number): Promise<ConnectionAlert[]> {
  const q = db(`${TABLE} as a`)
    .join('whatsapps as w', 'w.id', 'a.connectionId')
    .where('a.companyId', companyId)
    .where((w) => w.whereNotNull('a.downSince').orWhere('a.lastDropAt', '>', new Date(Date.now() - FLAP_WINDOW_MS)))
    .orderBy('a.connectionId')
    .select('a.*', 'w.name', 'w.channel', 'w.status');
  if (connectionId) q.where('a.connectionId', connectionId);
  const rows: Record<string, any>[] = await q;
  return rows.map((r) => ({
    connectionId: r.connectionId,
    companyId: r.companyId,
    name: r.name,
    channel: r.channel,
    status: r.status,
    downSince: iso(r.downSince),
    alertedAt: iso(r.alertedAt),
    drops: r.drops,
    lastDropAt: iso(r.lastDropAt),
  }));
}

async function tell(core: CoreServices, companyId: number, connectionId: number, action: ConnectionAlertChange['action']): Promise<void> {
  const [alert] = await loadAlerts(core.db, companyId, connectionId);
  if (!alert) return;
  const change: ConnectionAlertChange = { action, alert };
  core.realtime.emit(Rooms.companyAdmins(companyId), connectionAlertEvent(companyId), change);
  if (action === 'raised' || action === 'cleared') await core.bus.publish(CONNECTION_ALERT, change, { companyId });
}

/** Called for every stored status change of a connection (setSessionState). */
export async function noteStatusChange(core: CoreServices, companyId: number, connectionId: number, previous: ConnectionStatus | undefined, next: ConnectionStatus, deliberate: boolean): Promise<void> {
  const now = new Date();
  if (next === 'CONNECTED' || deliberate) {
    await core.timedWork.cancel(DOWN_ALERT_KIND, String(connectionId));
    const row = await core.db(TABLE).where({ connectionId }).first('downSince', 'alertedAt');
    if (!row?.downSince) return;
    await core.db(TABLE).where({ connectionId }).update({ downSince: null, alertedAt: null, updatedAt: now });
    await tell(core, companyId, connectionId, row.alertedAt ? 'cleared' : 'back');
    return;
  }
  if (previous !== 'CONNECTED') return;
  const minutes = Number(await core.settings.get(companyId, 'connectionAlertMinutes')) || 2;
  await core.db.transaction(async (trx) => {
    const row = await trx(TABLE).where({ connectionId }).forUpdate().first();
    const flapping = row?.lastDropAt && now.getTime() - new Date(row.lastDropAt).getTime() < FLAP_WINDOW_MS;
    const drops = flapping ? row.drops + 1 : 1;
    await trx(TABLE)
      .insert({ connectionId, companyId, downSince: now, alertedAt: null, drops, lastDropAt: now, updatedAt: now })
      .onConflict('connectionId')
      .merge({ downSince: now, alertedAt: null, drops, lastDropAt: now, updatedAt: now });
    await core.timedWork.schedule({ kind: DOWN_ALERT_KIND, key: String(connectionId), companyId, dueAt: new Date(now.getTime() + minutes * 60_000), payload: { connectionId } }, trx);
  });
  await tell(core, companyId, connectionId, 'dropped');
}

export function defineDownAlerts(core: CoreServices): void {
  core.timedWork.define<{ connectionId: number }>(DOWN_ALERT_KIND, async (job) => {
    const { connectionId } = job.payload;
    const row = await job.trx(TABLE).where({ connectionId }).forUpdate().first();
    const connection = await job.trx('whatsapps').where({ id: connectionId }).first('status', 'companyId', 'channel');
    if (!row?.downSince || row.alertedAt || !connection || connection.status === 'CONNECTED') return;
    await job.trx(TABLE).where({ connectionId }).update({ alertedAt: job.now, updatedAt: job.now });
    job.afterCommit(async () => {
      core.metrics.connectionAlert(connection.channel);
      await tell(core, connection.companyId, connectionId, 'raised');
    });
  });
}
