import type { Jobs } from '../ports/types.js';
import type { OutboundPresence } from '../plugin-sdk/channels.js';

/** Jobs of a connection's ordered queue. A send job is a trigger: the worker delivers every pending row in id order. */
export type OutboundJob =
  | { kind: 'send'; connectionId: number; messageId: number }
  | { kind: 'drain'; connectionId: number }
  | { kind: 'edit'; connectionId: number; messageId: number }
  | { kind: 'delete'; connectionId: number; messageId: number }
  /** Read receipts of inbound messages an agent read (best effort: dropped while the session is down). */
  | { kind: 'markRead'; connectionId: number; contactId: number; wids: string[] }
  /** "typing…" shown to the contact (best effort, like read receipts), in order with the sends before it. */
  | { kind: 'presence'; connectionId: number; contactId: number; state: OutboundPresence };

export const outboundQueue = (connectionId: number): string => `outbound:${connectionId}`;

/** Retries of a job (a trigger): long enough to outlive a row's own delivery attempts. */
export const JOB_ATTEMPTS = 10;
export const JOB_BACKOFF_MS = 500;
/** Delivery attempts of one message before it is marked failed, spaced like the job retries. */
export const SEND_ATTEMPTS = 5;
export const SEND_BACKOFF_MS = 500;

const jobOptions = { attempts: JOB_ATTEMPTS, backoffMs: JOB_BACKOFF_MS };

/** send-<messageId> dedupes: a row is triggered once however often it is (re)enqueued. */
export function enqueueSend(jobs: Jobs, connectionId: number, messageId: number): Promise<void> {
  return jobs.enqueue<OutboundJob>(outboundQueue(connectionId), { kind: 'send', connectionId, messageId }, { ...jobOptions, jobId: `send-${messageId}` });
}

/** A fresh trigger (no dedupe) for "the session is ready again: deliver what waits". */
export function enqueueDrain(jobs: Jobs, connectionId: number): Promise<void> {
  return jobs.enqueue<OutboundJob>(outboundQueue(connectionId), { kind: 'drain', connectionId }, jobOptions);
}

export function enqueueOperation(jobs: Jobs, kind: 'edit' | 'delete', connectionId: number, messageId: number): Promise<void> {
  return jobs.enqueue<OutboundJob>(outboundQueue(connectionId), { kind, connectionId, messageId }, jobOptions);
}

export function enqueueMarkRead(jobs: Jobs, connectionId: number, contactId: number, wids: string[]): Promise<void> {
  return jobs.enqueue<OutboundJob>(outboundQueue(connectionId), { kind: 'markRead', connectionId, contactId, wids }, jobOptions);
}

export function enqueuePresence(jobs: Jobs, connectionId: number, contactId: number, state: OutboundPresence): Promise<void> {
  return jobs.enqueue<OutboundJob>(outboundQueue(connectionId), { kind: 'presence', connectionId, contactId, state }, jobOptions);
}
