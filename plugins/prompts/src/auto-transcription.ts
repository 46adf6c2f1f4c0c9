import type { Knex } from 'knex';
import { MESSAGE_CHANGED, OutsideServiceError, type MessageChange, type PluginContext } from '@guiche/core';
import type { PromptRepository } from './repository.js';
import type { Transcribe } from './transcriber.js';

/** Timed-work kind of one audio's automatic transcription (key = message id). */
export const AUTO_TRANSCRIBE_KIND = 'prompts.transcribe';
/**
 * While the OpenAI call runs (after the claim commits) its row stays due this much later: a node killed
 * mid-call leaves it to another node then; longer than the call with its retries (3 × 20 s + backoff).
 */
export const AUTO_TRANSCRIBE_GUARD_MS = 3 * 60_000;
/** Calls before an audio is given up ('failed'). */
export const AUTO_TRANSCRIBE_ATTEMPTS = 3;

const QUEUES = 'promptTranscriptionQueues';
const JOBS = 'promptTranscriptions';

type Ctx = Pick<PluginContext, 'db' | 'bus' | 'timedWork' | 'messages' | 'log'>;

/** The company's queues whose customers' audio is transcribed automatically. */
export async function autoQueueIds(db: Knex | Knex.Transaction, companyId: number): Promise<number[]> {
  return (await db(QUEUES).where({ companyId }).orderBy('queueId').select('queueId')).map((r: { queueId: number }) => Number(r.queueId));
}

/**
 * A customer's audio stored in a ticket of an automatic queue (the ticket's queue when the audio is
 * announced; one still at the menu, without a queue, is left to the button): one row and its timer,
 * set once however many nodes hear the event or how often it is replayed. Every node hears every
 * message change: anything but a customer's audio is skipped before a query. An update counts too —
 * an audio whose file came later (a download retried in the background) is announced again then.
 */
async function takeUp(ctx: Ctx, change: MessageChange): Promise<void> {
  if (change.fromMe || change.mediaType !== 'audio') return;
  const queues = await autoQueueIds(ctx.db, change.companyId);
  if (!queues.length) return;
  const audio = await ctx.messages.inboundAudio(change.companyId, change.messageId);
  if (!audio || audio.transcript !== null || audio.queueId === null || !queues.includes(audio.queueId)) return;
  await ctx.db.transaction(async (trx) => {
    const taken = await trx(JOBS).insert({ messageId: audio.id, companyId: change.companyId }).onConflict('messageId').ignore().returning('messageId');
    if (!taken.length) return;
    await ctx.timedWork.schedule({ kind: AUTO_TRANSCRIBE_KIND, key: String(audio.id), companyId: change.companyId, dueAt: new Date(), payload: { messageId: audio.id } }, trx);
  });
}

/**
 * The transcription's timer, claimed once across nodes: in the claim it checks the audio, the key and
 * the attempts and stays due a guard later; the OpenAI call runs after the commit (no row lock nor
 * connection held while OpenAI answers), stores the text as the button does (live to the agents) and
 * ends the timer. No key: 'skipped' with ERR_OPENAI_KEY_MISSING and no call. Failures retry at the guard.
 */
export function defineAutoTranscription(ctx: Ctx, repo: PromptRepository, transcribe: Transcribe): void {
  ctx.timedWork.define<{ messageId: number }>(AUTO_TRANSCRIBE_KIND, async (job) => {
    const { trx } = job;
    const companyId = job.companyId!;
    const messageId = job.payload.messageId;
    const row: { status: string; attempts: number } | undefined = await trx(JOBS).where({ messageId, companyId }).forUpdate().first('status', 'attempts');
    if (!row || row.status === 'done' || row.status === 'skipped' || row.status === 'failed') return;
    const mark = (fields: Record<string, unknown>) => trx(JOBS).where({ messageId }).update({ ...fields, updatedAt: trx.fn.now() });
    const audio = await ctx.messages.inboundAudio(companyId, messageId, trx);
    if (!audio) return void (await mark({ status: 'skipped', reason: 'ERR_NOT_AUDIO' }));
    if (audio.transcript !== null) return void (await mark({ status: 'done', reason: null }));
    const apiKey = await repo.companyApiKey(companyId, trx);
    if (!apiKey) return void (await mark({ status: 'skipped', reason: 'ERR_OPENAI_KEY_MISSING' }));
    if (row.attempts >= AUTO_TRANSCRIBE_ATTEMPTS) return void (await mark({ status: 'failed' }));
    await mark({ status: 'running', attempts: row.attempts + 1 });
    job.afterCommit(async () => {
      let transcript: string;
      try {
        transcript = (await transcribe(apiKey, audio.mediaPath)).trim();
      } catch (err) {
        if (!(err instanceof OutsideServiceError)) throw err;
        ctx.log.warn({ err, messageId }, 'automatic transcription failed; tried again later');
        await ctx.db(JOBS).where({ messageId }).update({ reason: 'ERR_TRANSCRIPTION_FAILED', updatedAt: ctx.db.fn.now() });
        return;
      }
      await ctx.messages.setTranscript(companyId, messageId, transcript);
      // Done and its guard timer gone in one commit: nobody sees a finished job with a timer still armed.
      await ctx.db.transaction(async (done) => {
        await done(JOBS).where({ messageId }).update({ status: 'done', reason: null, updatedAt: done.fn.now() });
        await ctx.timedWork.cancel(AUTO_TRANSCRIBE_KIND, String(messageId), done);
      });
    });
    return { rescheduleAt: new Date(job.now.getTime() + AUTO_TRANSCRIBE_GUARD_MS) };
  });
  ctx.bus.subscribe<MessageChange>(MESSAGE_CHANGED, async ({ payload }) => {
    await takeUp(ctx, payload).catch((err: unknown) => ctx.log.warn({ err, messageId: payload.messageId }, 'automatic transcription not taken up'));
  });
}

/** What the admins see of the company's automatic transcription: audios not transcribed, and the last reason. */
export async function autoTranscriptionState(db: Knex, companyId: number): Promise<{ notTranscribed: number; lastReason: string | null }> {
  const rows = db(JOBS).where({ companyId }).whereIn('status', ['skipped', 'failed']);
  const [{ n }] = await rows.clone().count({ n: '*' });
  const last: { reason: string | null } | undefined = await rows.clone().orderBy('updatedAt', 'desc').first('reason');
  return { notTranscribed: Number(n), lastReason: last?.reason ?? null };
}
