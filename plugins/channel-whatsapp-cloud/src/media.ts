import type { PluginContext } from '@guiche/core';
import { extensionOf, isGraphError, retryBackoffMs, type GraphClient } from '@guiche/meta-graph';
import type { MediaRef } from './inbound.js';
import { clientOf, loadAccount } from './accounts.js';

/** Timed-work kind of a background media download. */
export const MEDIA_KIND = 'whatsappapi.media';
const MEDIA_ATTEMPTS = 12;

export interface MediaJob {
  connectionId: number;
  wid: string;
  media: MediaRef;
}

/** WhatsApp Cloud media: GET /{media-id} gives a short-lived URL, downloaded with the same token. */
export async function downloadMedia(client: GraphClient, media: MediaRef): Promise<{ data: Buffer; mimetype: string; fileName: string }> {
  const info = await client.get<{ url: string; mime_type?: string }>(media.id);
  const file = await client.download(info.url, true);
  const mimetype = (info.mime_type ?? media.mimetype ?? file.mimetype).split(';')[0]!.trim();
  return { data: file.data, mimetype, fileName: media.fileName ?? `${media.id}.${extensionOf(mimetype)}` };
}

/**
 * The download is a durable timer (core timed work), set BEFORE the message is stored: a crash
 * in between leaves a timer that finds the message or nothing, never a message without a retry.
 */
export function scheduleMedia(ctx: PluginContext, companyId: number, job: MediaJob): Promise<void> {
  return ctx.timedWork.schedule({ kind: MEDIA_KIND, key: `${job.connectionId}:${job.wid}`, companyId, dueAt: new Date(Date.now() + retryBackoffMs()), payload: job });
}

/**
 * Background downloads of media whose first try failed: claimed once, retried with backoff (12
 * attempts); the message is already stored and its file is set, in the claim's transaction, when
 * it arrives. Meta no longer having the file (a permanent error) ends the retries with the reason.
 */
export function defineMediaRetries(ctx: PluginContext): void {
  ctx.timedWork.define<MediaJob>(
    MEDIA_KIND,
    async (job) => {
      const { connectionId, wid, media } = job.payload;
      const row = await job.trx('messages').where({ whatsappId: connectionId, wid }).first('id', 'mediaUrl');
      // Set before the message is stored: not there yet is retried (with the attempts' backoff).
      if (!row) throw new Error(`message ${wid} not stored yet`);
      if (row.mediaUrl) return;
      const account = await loadAccount(job.trx, connectionId);
      if (!account) return;
      try {
        await ctx.ingest.applyMedia(connectionId, wid, await downloadMedia(clientOf(account), media), job);
      } catch (err) {
        if (!isGraphError(err, 'permanent')) throw err;
        await job.trx('messages').where({ id: row.id }).update({ data: job.trx.raw("(coalesce(data, '{}'::jsonb) - 'mediaPending') || ?::jsonb", [JSON.stringify({ mediaError: err.message })]) });
      }
    },
    { maxAttempts: MEDIA_ATTEMPTS, backoffMs: retryBackoffMs() },
  );
}
