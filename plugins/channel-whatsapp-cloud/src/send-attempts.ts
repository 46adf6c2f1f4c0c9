import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

const TABLE = 'whatsapp_cloud_send_attempts';

export interface SendAttempt {
  attemptId: string;
  attemptedAt: Date;
  /** Set once a status webhook echoed the attempt: Meta has the message under this wamid. */
  wid: string | null;
}

export const newAttemptId = (): string => randomUUID();

/**
 * Records `attemptId` as the message's attempt unless one is recorded already, in one statement,
 * and returns the earlier attempt (null when this is the first).
 */
export async function recordAttempt(db: Knex, connectionId: number, messageId: number, attemptId: string): Promise<SendAttempt | null> {
  const result = await db.raw(
    `WITH prior AS (SELECT attempt_id, attempted_at, wid FROM ${TABLE} WHERE message_id = ?),
          fresh AS (INSERT INTO ${TABLE} (message_id, connection_id, attempt_id) VALUES (?, ?, ?) ON CONFLICT (message_id) DO NOTHING)
     SELECT attempt_id AS "attemptId", attempted_at AS "attemptedAt", wid FROM prior`,
    [messageId, messageId, connectionId, attemptId],
  );
  const row = result.rows[0] as SendAttempt | undefined;
  return row ? { attemptId: row.attemptId, attemptedAt: new Date(row.attemptedAt), wid: row.wid } : null;
}

/** The earlier attempt is given up: `attemptId` takes its place (only if nobody replaced it meanwhile). */
export async function replaceAttempt(db: Knex, messageId: number, prior: string, attemptId: string): Promise<boolean> {
  const changed = await db(TABLE).where({ messageId, attemptId: prior, wid: null }).update({ attemptId, attemptedAt: db.fn.now() });
  return changed === 1;
}

export async function attemptWid(db: Knex, messageId: number): Promise<string | null> {
  const row = await db(TABLE).where({ messageId }).first('wid');
  return row?.wid ?? null;
}

/** A status webhook echoed our attempt id: remember which wamid Meta gave that attempt. */
export async function confirmAttempt(db: Knex, connectionId: number, attemptId: string, wid: string): Promise<void> {
  await db(TABLE).where({ connectionId, attemptId }).whereNull('wid').update({ wid });
}

/** Meta refused the attempt: forgotten, so that the next one goes without waiting for a status. */
export async function dropAttempt(db: Knex, messageId: number, attemptId: string): Promise<void> {
  await db(TABLE).where({ messageId, attemptId }).delete();
}
