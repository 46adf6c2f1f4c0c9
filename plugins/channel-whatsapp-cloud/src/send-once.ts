import type { Knex } from 'knex';
import type { PluginContext } from '@guiche/core';
import { isGraphError } from '@guiche/meta-graph';
import { attemptWid, dropAttempt, newAttemptId, recordAttempt, replaceAttempt } from './send-attempts.js';

/**
 * How long a node that finds an earlier attempt of unknown outcome (the node crashed, or the call
 * died without an answer) waits for that attempt's status webhook before sending again. Meta sends
 * the "sent" status within seconds; past the window the message goes again (at least once).
 */
export const CONFIRM_WINDOW_MS = 20_000;
const POLL_MS = 200;

/** Posts the message with the attempt id as biz_opaque_callback_data; answers the wamid. */
export type PostAttempt = (attemptId: string) => Promise<string>;

/**
 * Exactly once on the Cloud API (docs/architecture.md, delivery on the wire): the attempt is
 * recorded before the Graph call, and a later attempt at the same message first asks whether Meta
 * already confirmed the earlier one.
 */
export function createOnceSender(db: Knex, connectionId: number, log: PluginContext['log']) {
  /** Attempts this process saw Meta accept, with their wamid (the commit after them may have failed). */
  const answered = new Map<string, string>();

  async function confirmation(messageId: number, attemptedAt: Date): Promise<string | null> {
    const until = new Date(attemptedAt).getTime() + CONFIRM_WINDOW_MS;
    for (;;) {
      const wid = await attemptWid(db, messageId);
      if (wid || Date.now() >= until) return wid;
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, until - Date.now())));
    }
  }

  return async function sendOnce(messageId: number, post: PostAttempt): Promise<string> {
    const attemptId = newAttemptId();
    const prior = await recordAttempt(db, connectionId, messageId, attemptId);
    if (prior) {
      const known = prior.wid ?? answered.get(prior.attemptId);
      if (known) return known;
      const wid = await confirmation(messageId, prior.attemptedAt);
      if (wid) return wid;
      log.warn({ messageId, attemptId: prior.attemptId }, 'whatsappapi: no status for the earlier attempt within the window, sending again');
      if (!(await replaceAttempt(db, messageId, prior.attemptId, attemptId))) {
        const wid = await attemptWid(db, messageId);
        if (wid) return wid;
        throw new Error(`message ${messageId}: another attempt replaced ${prior.attemptId} meanwhile`);
      }
    }
    try {
      const wid = await post(attemptId);
      answered.set(attemptId, wid);
      if (answered.size > 1000) answered.delete(answered.keys().next().value as string);
      return wid;
    } catch (err) {
      // Meta answered with a refusal (4xx): nothing went out, so the next attempt needs no wait.
      if (isGraphError(err) && err.status >= 400 && err.status < 500) await dropAttempt(db, messageId, attemptId).catch(() => undefined);
      throw err;
    }
  };
}
