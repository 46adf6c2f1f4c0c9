import { basename, extname } from 'node:path';
import { callOutside, OutsideServiceError, type PluginContext } from '@guiche/core';
import type { ConversationInput } from '@guiche/core';

/**
 * How long one call to the outside bot may take and how often it is retried (tests shorten them);
 * `guard`: every URL here is an admin's or an outside answer's choice, so private destinations are
 * refused unless the operator allows them (core callOutside).
 */
export interface OutsideLimits { timeoutMs: number; retries: number; backoffMs: number; guard?: { allowPrivate: boolean } }
export const DEFAULT_LIMITS: OutsideLimits = { timeoutMs: 15_000, retries: 2, backoffMs: 500 };

export type Ctx = Pick<PluginContext, 'messages' | 'storage' | 'db' | 'log'> & { limits: OutsideLimits };

const MIME: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.pdf': 'application/pdf',
};

/** A text into the ticket, through the connection's ordered outbound queue. */
export async function sendText(ctx: Ctx, input: ConversationInput, body: string): Promise<void> {
  if (!body.trim()) return;
  await ctx.messages.send({ companyId: input.companyId, ticketId: input.ticket.id, userId: null, body });
}

/** A file the outside bot points at (an image bubble, a media URL): fetched, stored, sent. */
export async function sendMediaUrl(ctx: Ctx, input: ConversationInput, url: string, caption = '', fileName?: string): Promise<void> {
  const res = await callOutside(url, { method: 'GET' }, { ...ctx.limits, signal: input.signal });
  if (!res.ok) throw new OutsideServiceError(`${url} answered ${res.status}`, `status:${res.status}`, res.status);
  const data = Buffer.from(await res.arrayBuffer());
  const name = (fileName || basename(new URL(url).pathname) || 'file').replace(/[^\w.-]/g, '_').slice(0, 120) || 'file';
  const mimetype = res.headers.get('content-type')?.split(';')[0] || MIME[extname(name).toLowerCase()] || 'application/octet-stream';
  const stored = await ctx.storage.save(input.companyId, 'integrations', name, data);
  await ctx.messages.send({ companyId: input.companyId, ticketId: input.ticket.id, userId: null, body: caption, media: { path: stored.path, mimetype, fileName: name } });
}

export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
