import type { Knex } from 'knex';
import type { NpsInfo } from '@guiche/contracts';
import type { Viewer } from '../messaging/ticket-access.js';
import { daily, DailyKind } from './daily.js';
import type { DayRange } from './range.js';

/**
 * GET /dashboard/nps-info: the ratings answered in the range, in NPS bands of the 1–5 scale
 * (contracts NPS_BANDS: 5 boa, 4 media, 1–3 ruim), and NPS = %boa − %ruim (rounded).
 */
export async function npsInfo(db: Knex, viewer: Viewer, range: DayRange): Promise<NpsInfo> {
  const row = await daily(db, viewer, DailyKind.rated, range)
    .select(
      db.raw('coalesce(sum(d.tickets), 0)::int AS total'),
      db.raw('coalesce(sum(d.good), 0)::int AS good'),
      db.raw('coalesce(sum(d.neutral), 0)::int AS neutral'),
      db.raw('coalesce(sum(d.bad), 0)::int AS bad'),
    )
    .first();
  const total = row.total as number;
  return {
    total_notas: total,
    boa: row.good,
    media: row.neutral,
    ruim: row.bad,
    nps: total ? Math.round(((row.good - row.bad) / total) * 100) : 0,
  };
}
