import type { Knex } from 'knex';
import type { DashboardAttendant } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { metrics } from './access.js';
import { minutes } from './counters.js';
import { inRange, type DayRange } from './range.js';

type Row = Record<string, unknown> & { userId: number };

function byUser(rows: Row[]): Map<number, Row> {
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * The attendants table (inbox.md §2, §3): per user, the tickets they finished in the range (the
 * assignee when it closed) with their average service time, the average wait of the tickets they
 * were first to accept in the range, and the ratings answered in the range about them (1–5
 * average and count). An admin sees every user of the company, a plain user only themselves.
 */
export async function dashboardAttendants(db: Knex, viewer: Viewer, range: DayRange): Promise<DashboardAttendant[]> {
  const users = db('users').where({ companyId: viewer.companyId }).orderBy('name').select('id', 'name', 'online');
  if (!viewer.isAdmin) users.where({ id: viewer.id });
  const finished = inRange(db, metrics(db, viewer), 'm.closedAt', range)
    .whereNotNull('m.firstAcceptedAt')
    .whereNotNull('m.userId')
    .groupBy('m.userId')
    .select('m.userId', db.raw('count(*)::int AS tickets'), db.raw('avg(m.support_seconds) AS support'));
  const waited = inRange(db, metrics(db, viewer), 'm.firstAcceptedAt', range)
    .whereNotNull('m.waitSeconds')
    .groupBy('m.firstUserId')
    .select('m.firstUserId as userId', db.raw('avg(m.wait_seconds) AS wait'));
  const rated = inRange(db, metrics(db, viewer), 'm.ratedAt', range)
    .whereNotNull('m.rate')
    .whereNotNull('m.ratedUserId')
    .groupBy('m.ratedUserId')
    .select('m.ratedUserId as userId', db.raw('avg(m.rate) AS rating'), db.raw('count(*)::int AS count'));
  const [list, f, w, r] = await Promise.all([users, finished, waited, rated]);
  const fin = byUser(f as Row[]);
  const wai = byUser(w as Row[]);
  const rat = byUser(r as Row[]);
  return (list as { id: number; name: string; online: boolean }[]).map((u) => ({
    id: u.id,
    name: u.name,
    rating: Math.round(Number(rat.get(u.id)?.rating ?? 0) * 100) / 100,
    countRating: Number(rat.get(u.id)?.count ?? 0),
    tickets: Number(fin.get(u.id)?.tickets ?? 0),
    avgWaitTime: minutes(wai.get(u.id)?.wait),
    avgSupportTime: minutes(fin.get(u.id)?.support),
    online: Boolean(u.online),
  }));
}

/** The featured attendant: most tickets finished, then best rating, then name. Null when nobody finished one. */
export function featuredAttendant(list: DashboardAttendant[]): DashboardAttendant | null {
  const ranked = list.filter((a) => a.tickets > 0).sort((a, b) => b.tickets - a.tickets || b.rating - a.rating || a.name.localeCompare(b.name));
  return ranked[0] ?? null;
}
