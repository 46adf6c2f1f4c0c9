import type { Knex } from 'knex';
import { REQUIRE_CLOSE_REASON_SETTING } from '@guiche/contracts';
import { AppError, type SettingsService } from '../plugin-sdk/types.js';

/**
 * The closing reason a resolve (one ticket or close-all) will store: an active reason of the
 * company, or none when none was given and the company does not require one.
 */
export async function closeReasonFor(
  db: Knex,
  settings: SettingsService,
  companyId: number,
  closeReasonId: number | null | undefined,
): Promise<number | null> {
  if (!closeReasonId) {
    if ((await settings.get(companyId, REQUIRE_CLOSE_REASON_SETTING)) === 'enabled') throw new AppError('ERR_CLOSING_REASON_REQUIRED', 400);
    return null;
  }
  const reason = await db('closingReasons').where({ id: closeReasonId, companyId, active: true }).first('id');
  if (!reason) throw new AppError('ERR_NO_CLOSING_REASON_FOUND', 404);
  return closeReasonId;
}
