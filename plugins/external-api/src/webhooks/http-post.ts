import http from 'node:http';
import https from 'node:https';
import { DestinationError, pinnedLookup, resolveDestination } from '@guiche/core';

export const RESPONSE_EXCERPT_BYTES = 1024;

export interface PostResult {
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the answer. */
  response: string;
  /** Why there is no answer: timeout, refused destination, connection error. */
  error: string | null;
  /** True when the destination was refused (private range): retrying will not help. */
  refused: boolean;
}

/** A lookup that answers the address already checked, whatever the name (DNS rebinding cannot swap it). */
/**
 * POSTs `body` to `rawUrl` once: the host resolved and checked first, then the request pinned to
 * that address; redirects are not followed; the whole call (DNS included) is bounded by timeoutMs.
 */
export async function postJson(rawUrl: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const target = await Promise.race([
      resolveDestination(rawUrl, options.allowPrivate),
      new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true })),
    ]);
    const client = target.url.protocol === 'https:' ? https : http;
    return await new Promise<PostResult>((resolve) => {
      const request = client.request(
        target.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Guiche-Webhooks/1', ...headers },
          lookup: pinnedLookup(target.address, target.family),
          signal: controller.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_EXCERPT_BYTES) {
              chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
              kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept);
            }
          });
          const done = (error: string | null) =>
            resolve({ statusCode: response.statusCode ?? null, durationMs: elapsed(), response: Buffer.concat(chunks).toString('utf8'), error, refused: false });
          response.on('end', () => done(null));
          response.on('close', () => done(response.complete ? null : 'response interrupted'));
          response.on('error', () => done(controller.signal.aborted ? 'timeout' : 'response interrupted'));
        },
      );
      request.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ statusCode: null, durationMs: elapsed(), response: '', error: controller.signal.aborted ? 'timeout' : (err.code ?? err.message).slice(0, 200), refused: false }),
      );
      request.end(body);
    });
  } catch (err) {
    const refused = err instanceof DestinationError && err.refused;
    const error = err instanceof Error ? err.message : String(err);
    return { statusCode: null, durationMs: elapsed(), response: '', error: error.slice(0, 200), refused };
  } finally {
    clearTimeout(timer);
  }
}
