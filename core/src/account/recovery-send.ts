import type { Knex } from 'knex';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import type { CoreServices } from '../services.js';
import { hashCode, newCode } from './recovery-codes.js';
import { storedSpellings } from './recovery-numbers.js';
import { recoveryMessage } from './recovery-texts.js';

export const RECOVERY_SEND_KIND = 'account.recoverySend';

export interface RecoverySendPayload {
  /** The send_token of the request: a later request of the number replaced it, and this send is void. */
  token: string;
}

/** The platform company's default connection, when its session is connected. */
export async function platformConnection(db: Knex): Promise<number | null> {
  const row = await db('whatsapps').where({ companyId: SUPER_COMPANY_ID, isDefault: true, status: 'CONNECTED' }).first('id');
  return row ? Number(row.id) : null;
}

/** The account a number recovers: the company user with the company's e-mail, else its oldest admin. */
async function userOfNumber(trx: Knex.Transaction, number: string): Promise<{ id: number; language: string | null } | null> {
  const company = await trx('companies')
    .whereIn(trx.raw("regexp_replace(coalesce(phone, ''), '\\D', '', 'g')") as never, storedSpellings(number))
    .orderBy('id')
    .first('id', 'email');
  if (!company) return null;
  const users = trx('users').where({ companyId: company.id });
  const byEmail = company.email ? await users.clone().whereRaw('lower(email) = lower(?)', [company.email]).first('id', 'language') : null;
  return byEmail ?? (await users.clone().where({ profile: 'admin' }).orderBy('id').first('id', 'language')) ?? null;
}

/**
 * The send of a recovery code, away from the request so that the answer cannot tell a registered
 * number by its time or its errors. In the claim's transaction: find the account, store a fresh
 * code's hash on the row (a number nobody registered keeps the code nobody knows). After the
 * commit: send it once. A failed send is logged and never retried (docs/architecture.md: a code is
 * sent at most once; the user asks again); the steps before it retry, since nothing left yet.
 */
export function defineRecoverySend(core: CoreServices): void {
  core.timedWork.define<RecoverySendPayload>(
    RECOVERY_SEND_KIND,
    async (job) => {
      const row = await job.trx('password_recoveries').where({ sendToken: job.payload.token }).forUpdate().first('id', 'number');
      if (!row) return;
      const connectionId = await platformConnection(job.trx);
      if (!connectionId && !job.lastAttempt) throw new Error('no connected platform connection to send a recovery code');
      const user = connectionId ? await userOfNumber(job.trx, row.number) : null;
      const code = newCode();
      await job.trx('password_recoveries')
        .where({ id: row.id })
        .update({ sendToken: null, updatedAt: job.trx.fn.now(), ...(user ? { userId: user.id, codeHash: hashCode(code) } : {}) });
      if (!connectionId) core.log.warn('recovery code not sent: no connected platform connection');
      if (!connectionId || !user) return;
      const to = { id: row.number as string, number: row.number as string };
      job.afterCommit(() =>
        core.channels
          .call(connectionId, { method: 'sendText', args: [to, recoveryMessage(user.language, code)] })
          .then(() => undefined)
          .catch((err: unknown) => core.log.warn({ err }, 'recovery code not sent; it stays unknown until the user asks again')),
      );
    },
    { maxAttempts: 5, backoffMs: 2000 },
  );
}
