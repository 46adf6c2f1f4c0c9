import type { PluginContext } from '@guiche/core';
import { GraphClient } from '../graph-client.js';
import { isGraphError } from '../errors.js';
import { extensionOf } from '../media-types.js';
import { RetryLater, applyAckIfKnown, retryBackoffMs, type WebhookJob } from '../queues.js';
import { loadPage, type MessengerKind, type MetaPage } from './pages.js';
import { parseMessagingEvent } from './parse.js';

export const webhookQueueOf = (kind: MessengerKind): string => `${kind}-webhook`;
const MEDIA_ATTEMPTS = 12;
const ACK_ATTEMPTS = 5;

export interface AttachmentJob {
  connectionId: number;
  wid: string;
  url: string;
}

export function pageClient(page: MetaPage): GraphClient {
  return new GraphClient({ accessToken: page.pageToken, gateKey: `${page.kind}:page:${page.pageId}` });
}

async function download(page: MetaPage, url: string): Promise<{ data: Buffer; mimetype: string; fileName: string }> {
  // Attachment URLs are Meta CDN links that carry their own signature: no token is sent.
  const file = await pageClient(page).download(url, false);
  const name = new URL(url).pathname.split('/').pop() ?? 'file';
  return { ...file, fileName: /\.[a-z0-9]{2,5}$/i.test(name) ? name : `${name || 'file'}.${extensionOf(file.mimetype)}` };
}

/**
 * Names and profile pictures, fetched once per contact: only when core does not know the sender
 * yet (the contact row is the cache). Messenger: first_name, last_name, profile_pic; Instagram:
 * name, username, profile_pic. A failure leaves the id as the name (never blocks the message).
 */
async function profileOf(ctx: PluginContext, page: MetaPage, peerId: string): Promise<{ name?: string; profilePicUrl?: string }> {
  const known = await ctx.db('contacts').where({ companyId: page.companyId, channel: page.kind, remoteJid: peerId }).first('id');
  if (known) return {};
  try {
    const fields = page.kind === 'facebook' ? 'first_name,last_name,profile_pic' : 'name,username,profile_pic';
    const p = await pageClient(page).get<Record<string, string | undefined>>(peerId, { fields });
    const name = page.kind === 'facebook' ? [p.first_name, p.last_name].filter(Boolean).join(' ') : (p.name ?? p.username);
    return { ...(name ? { name } : {}), ...(p.profile_pic ? { profilePicUrl: p.profile_pic } : {}) };
  } catch (err) {
    ctx.log.info({ err, peerId }, `${page.kind}: profile not fetched`);
    return {};
  }
}

async function applyAck(ctx: PluginContext, page: MetaPage, action: { ack: 2 | 3; mids?: string[]; watermark?: number; peerId: string }, attempt: number): Promise<void> {
  if (action.mids?.length) {
    let missing = false;
    for (const mid of action.mids) if (!(await applyAckIfKnown(ctx, page.connectionId, mid, action.ack))) missing = true;
    if (missing && attempt < ACK_ATTEMPTS) throw new RetryLater('ack before its message was stored');
    return;
  }
  if (!action.watermark) return;
  // Messenger's watermark: every message we sent to that person up to that time.
  const wids: string[] = await ctx.db('messages')
    .join('contacts', 'contacts.id', 'messages.contactId')
    .where({ 'messages.whatsappId': page.connectionId, 'messages.fromMe': true, 'contacts.remoteJid': action.peerId })
    .where('messages.createdAt', '<=', new Date(action.watermark))
    .where('messages.ack', '<', action.ack)
    .whereNotNull('messages.wid')
    .pluck('messages.wid');
  for (const wid of wids) await ctx.ingest.applyAck(page.connectionId, wid, action.ack);
}

/** One queued webhook entry of a page/account. */
export async function processEntry(ctx: PluginContext, kind: MessengerKind, job: WebhookJob, attempt: number): Promise<void> {
  const page = await loadPage(ctx.db, job.connectionId);
  if (!page || page.kind !== kind) return;
  const entry = job.payload as { messaging?: Record<string, any>[] };
  let retry: unknown = null;
  for (const event of entry.messaging ?? []) {
    const action = parseMessagingEvent(event, page.metaId);
    if (action.kind === 'ignore') continue;
    if (action.kind === 'ack') {
      try {
        await applyAck(ctx, page, action, attempt);
      } catch (err) {
        retry = err;
      }
      continue;
    }
    const { message, attachment } = action;
    if (await ctx.db('messages').where({ whatsappId: page.connectionId, wid: message.wid }).first('id')) continue;
    const profile = message.fromMe ? {} : await profileOf(ctx, page, message.peer.id);
    const withPeer = { ...message, peer: { ...message.peer, ...profile } };
    if (!attachment) {
      await ctx.ingest.ingest(page.connectionId, withPeer);
      continue;
    }
    try {
      const file = await download(page, attachment.url);
      await ctx.ingest.ingest(page.connectionId, { ...withPeer, media: file });
    } catch (err) {
      if (isGraphError(err, 'permanent')) {
        await ctx.ingest.ingest(page.connectionId, { ...withPeer, data: { ...withPeer.data, mediaError: err.message } });
        continue;
      }
      ctx.log.warn({ err, wid: message.wid }, `${kind}: attachment download failed, retrying in the background`);
      await scheduleAttachment(ctx, kind, page.companyId, { connectionId: page.connectionId, wid: message.wid, url: attachment.url });
      await ctx.ingest.ingest(page.connectionId, { ...withPeer, data: { ...withPeer.data, mediaPending: true, mediaUrl: attachment.url } });
    }
  }
  if (retry) throw retry;
}

/** Timed-work kind of a background attachment download. */
export const mediaKindOf = (kind: MessengerKind): string => `${kind}.media`;

/** A durable timer (core timed work), set BEFORE the message is stored so a crash never loses the retry. */
export function scheduleAttachment(ctx: PluginContext, kind: MessengerKind, companyId: number, job: AttachmentJob): Promise<void> {
  return ctx.timedWork.schedule({ kind: mediaKindOf(kind), key: `${job.connectionId}:${job.wid}`, companyId, dueAt: new Date(Date.now() + retryBackoffMs()), payload: job });
}

/** Background attachment downloads: claimed once, retried with backoff; the file is set in the claim's transaction. */
export function defineAttachmentRetries(ctx: PluginContext, kind: MessengerKind): void {
  ctx.timedWork.define<AttachmentJob>(
    mediaKindOf(kind),
    async (job) => {
      const { connectionId, wid, url } = job.payload;
      const row = await job.trx('messages').where({ whatsappId: connectionId, wid }).first('id', 'mediaUrl');
      // Set before the message is stored: not there yet is retried (with the attempts' backoff).
      if (!row) throw new Error(`message ${wid} not stored yet`);
      if (row.mediaUrl) return;
      const page = await loadPage(job.trx, connectionId);
      if (!page) return;
      try {
        await ctx.ingest.applyMedia(connectionId, wid, await download(page, url), job);
      } catch (err) {
        if (!isGraphError(err, 'permanent')) throw err;
        await job.trx('messages').where({ id: row.id }).update({ data: job.trx.raw("(coalesce(data, '{}'::jsonb) - 'mediaPending') || ?::jsonb", [JSON.stringify({ mediaError: err.message })]) });
      }
    },
    { maxAttempts: MEDIA_ATTEMPTS, backoffMs: retryBackoffMs() },
  );
}
