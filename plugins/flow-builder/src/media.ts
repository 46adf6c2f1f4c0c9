import { extname } from 'node:path';
import type { PluginContext, SendRequest } from '@guiche/core';
import { guardedRequest, type HttpNodeConfig } from './http/request.js';
import type { OutMessage } from './machine.js';

const MAX_MEDIA_BYTES = 16 * 1024 * 1024;
const MEDIA_TIMEOUT_MS = 20_000;
const FALLBACK_TYPE: Record<NonNullable<OutMessage['media']>['type'], string> = {
  image: 'image/jpeg',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  document: 'application/octet-stream',
};

/**
 * A message node's media: fetched from its URL (confined as the HTTP node is) and stored, so the
 * message goes out through the connection's queue like an agent's file. Undefined when it cannot
 * be fetched: the text still goes.
 */
export async function fetchMedia(deps: { storage: PluginContext['storage'] }, companyId: number, media: { url: string; type: NonNullable<OutMessage['media']>['type'] }, config: HttpNodeConfig): Promise<SendRequest['media']> {
  const answer = await guardedRequest({ method: 'GET', url: media.url }, { ...config, timeoutMs: MEDIA_TIMEOUT_MS, maxBytes: MAX_MEDIA_BYTES });
  if (!answer || answer.status < 200 || answer.status >= 300 || !answer.body.length) return undefined;
  const mimetype = answer.contentType.split(';')[0]?.trim() || FALLBACK_TYPE[media.type];
  const base = decodeURIComponent(new URL(media.url).pathname.split('/').pop() || '') || media.type;
  const fileName = (extname(base) ? base : `${base}.${mimetype.split('/')[1] ?? 'bin'}`).replace(/[^\w.-]/g, '_').slice(0, 120);
  const stored = await deps.storage.save(companyId, 'flow-builder', fileName, answer.body);
  return { path: stored.path, mimetype, fileName };
}
