import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { isStorableText, PrimitiveV } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';

/**
 * Multipart parsing in one place (issue 17). Every route — core and plugins, public or not — reads
 * forms through request.parts()/file()/files(), which this wraps per request so that:
 * - a malformed form (no boundary, unterminated part, bad header) is 400 ERR_VALIDATION
 *   `validation.multipart`, and every size/count limit is 413 ERR_PAYLOAD_TOO_LARGE, never a 500;
 * - a text field carrying NUL or a lone surrogate is 400 `validation.invalidText` (path: the field),
 *   and a field cut by the size limit is 413 instead of being stored truncated;
 * - a file name is storable and fits a varchar(255): control characters and lone surrogates are
 *   dropped, it is cut to FILE_NAME_MAX characters keeping its extension.
 */

export const MULTIPART_LIMITS = {
  fileSize: 50 * 1024 * 1024,
  files: 10,
  fields: 100,
  parts: 200,
  fieldSize: 1024 * 1024,
  headerPairs: 200,
} as const;

/** Longest original file name kept (columns are varchar(255)). */
export const FILE_NAME_MAX = 200;
export const MultipartV = { malformed: 'validation.multipart' } as const;

const TOO_LARGE = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
const MALFORMED = new Set(['FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

/** Busboy's own errors carry no code; these are its messages for a form it cannot read. */
const BUSBOY_MESSAGES = [/^Multipart: /, /unexpected end of/i, /terminated early/, /^Malformed /, /^Unsupported content type/, /^Missing Content-Type/];

/** The client's fault in a multipart error, as our code; null when the error is something else. */
export function multipartError(error: unknown): AppError | null {
  if (error instanceof AppError) return null;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && TOO_LARGE.has(code)) return new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  if ((code && MALFORMED.has(code)) || code === 'FST_REQ_PREMATURE_CLOSE' || (typeof message === 'string' && BUSBOY_MESSAGES.some((re) => re.test(message)))) {
    return new AppError('ERR_VALIDATION', 400, { issues: [{ path: [], message: MultipartV.malformed }] });
  }
  return null;
}

/** A file name that PostgreSQL stores and a varchar(255) holds: no control characters, bounded. */
export function safeOriginalName(name: string | undefined, fallback = 'file'): string {
  const clean = (name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .trim();
  if (!clean) return fallback;
  const chars = Array.from(clean);
  if (chars.length <= FILE_NAME_MAX) return clean;
  const ext = Array.from(path.extname(clean)).slice(0, 16).join('');
  return chars.slice(0, FILE_NAME_MAX - Array.from(ext).length).join('') + ext;
}

type Part = { type: 'file' | 'field'; fieldname: string; filename?: string; value?: unknown; valueTruncated?: boolean; fieldnameTruncated?: boolean };

function checkPart<T>(part: T): T {
  const p = part as unknown as Part;
  if (!p) return part;
  if (p.fieldnameTruncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  if (p.type === 'file' || p.filename !== undefined) {
    p.filename = safeOriginalName(p.filename);
  } else {
    if (p.valueTruncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    if (typeof p.value === 'string' && !isStorableText(p.value)) {
      throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: [p.fieldname], message: PrimitiveV.text }] });
    }
  }
  return part;
}

async function* guardIterator<T>(source: () => AsyncIterableIterator<T>): AsyncGenerator<T> {
  let iterator: AsyncIterableIterator<T>;
  try {
    iterator = source();
  } catch (error) {
    throw multipartError(error) ?? error;
  }
  while (true) {
    let next: IteratorResult<T>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw multipartError(error) ?? error;
    }
    if (next.done) return;
    yield checkPart(next.value);
  }
}

function guard(request: FastifyRequest): void {
  const parts = request.parts;
  const files = request.files;
  const file = request.file;
  request.parts = ((options?: unknown) => guardIterator(() => parts.call(request, options as never))) as typeof request.parts;
  request.files = ((options?: unknown) => guardIterator(() => files.call(request, options as never))) as typeof request.files;
  request.file = (async (options?: unknown) => {
    try {
      const found = await file.call(request, options as never);
      return found ? checkPart(found) : found;
    } catch (error) {
      throw multipartError(error) ?? error;
    }
  }) as typeof request.file;
}

/** Registers @fastify/multipart with the platform's limits and the guard above, for every route. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { ...MULTIPART_LIMITS } });
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    if (typeof type === 'string' && type.toLowerCase().includes('multipart')) guard(request);
  });
}
