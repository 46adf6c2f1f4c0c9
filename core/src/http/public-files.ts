import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Storage, StoredFileInfo } from '../ports/types.js';
import { StorageKeyError, StorageNotFoundError } from '../ports/storage/storage-errors.js';
import { checkedKey } from '../ports/storage/storage-key.js';
import { parseByteRange } from './byte-range.js';
import { publicFileType } from './public-file-types.js';

/**
 * GET/HEAD /public/<key>: the stored file streamed through the storage port, whichever driver holds
 * it, with byte ranges (audio and video seek) and validators. Keys are random, so a file never
 * changes under its URL: it may be cached for good.
 */
export function registerPublicFiles(app: FastifyInstance, storage: Storage): void {
  // HEAD declared here, not derived by Fastify, whose derived HEAD would answer Content-Length: 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/public/*',
    schema: { hide: true },
    // The stored bytes as they are: ranges, ETag and Content-Length describe them (media is mostly compressed already).
    compress: false,
    handler: async (request, reply) => {
      const key = keyOf((request.params as { '*': string })['*']);
      const info = key ? await storage.stat(key) : null;
      if (!key || !info) return notFound(reply);
      dataHeaders(reply, key, info);
      if (fresh(request, info)) return reply.code(304).send();

      const range = ifRangeHolds(request, info) ? parseByteRange(request.headers.range, info.size) : null;
      if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
      const length = range ? range.end - range.start + 1 : info.size;
      reply.header('Content-Length', length);
      if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
      if (request.method === 'HEAD' || length === 0) return reply.send();
      try {
        return reply.send(await storage.stream(key, range ?? undefined));
      } catch (err) {
        // Removed between the stat and the read.
        if (err instanceof StorageNotFoundError) return notFound(reply.removeHeader('Content-Length'));
        throw err;
      }
    },
  });
}

/** The key the URL names, or null for anything that is not a company file. */
function keyOf(raw: string): string | null {
  try {
    return checkedKey(decodeURIComponent(raw));
  } catch (err) {
    if (err instanceof StorageKeyError || err instanceof URIError) return null;
    throw err;
  }
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
}

function dataHeaders(reply: FastifyReply, key: string, info: StoredFileInfo): void {
  const type = publicFileType(key);
  reply
    .header('Content-Type', type.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', info.etag)
    .header('Last-Modified', info.modifiedAt.toUTCString())
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    // Uploaded files are data, never a page: no type sniffing, no script even if one is HTML.
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'");
  if (!type.inline) reply.header('Content-Disposition', `attachment; filename="${key.slice(key.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9._-]/g, '_')}"`);
}

function fresh(request: FastifyRequest, info: StoredFileInfo): boolean {
  const match = request.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === info.etag || tag.trim() === '*');
  const since = request.headers['if-modified-since'];
  return !!since && Math.floor(info.modifiedAt.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000);
}

/** If-Range: the range applies only while the file is the one the client has part of. */
function ifRangeHolds(request: FastifyRequest, info: StoredFileInfo): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string' || !ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === info.etag;
  return Math.floor(info.modifiedAt.getTime() / 1000) === Math.floor(Date.parse(ifRange) / 1000);
}
