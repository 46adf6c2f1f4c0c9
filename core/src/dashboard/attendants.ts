import type { Knex } from 'knex';
import type { DashboardAttendant } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { minutes } from './counters.js';
import { daily, DailyKind } from './daily.js';
import type { DayRange } from './range.js';

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
  const finished = daily(db, viewer, DailyKind.closed, range)
    .whereNotNull('d.userId')
    .groupBy('d.userId')
    .select('d.userId', db.raw('sum(d.finished)::int AS tickets'), db.raw('sum(d.support_sum) / nullif(sum(d.finished), 0) AS support'));
  const waited = daily(db, viewer, DailyKind.accepted, range)
    .groupBy('d.byUserId')
    .select('d.byUserId as userId', db.raw('sum(d.wait_sum) / nullif(sum(d.wait_n), 0) AS wait'));
  const rated = daily(db, viewer, DailyKind.rated, range)
    .whereNotNull('d.byUserId')
    .groupBy('d.byUserId')
    .select('d.byUserId as userId', db.raw('sum(d.rate_sum)::float / nullif(sum(d.tickets), 0) AS rating'), db.raw('sum(d.tickets)::int AS count'));
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
