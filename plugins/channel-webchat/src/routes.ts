import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError, type PluginContext } from '@guiche/core';
import { WebchatV, webchatHistoryQuerySchema, webchatMediaFieldsSchema, webchatTokenParamsSchema } from '@guiche/contracts';
import { findByToken } from './connections.js';
import { visitorHistory } from './history.js';
import { budgetKey, receiveFromVisitor, visitorOf } from './inbound.js';
import { extensionOf, safeFileName } from './media.js';
import { perAddress, type RateLimiter } from './rate-limit.js';
import { assertOriginAllowed } from './site.js';
import { registerSiteRoutes } from './site-routes.js';
import { peerIdOf } from './visitor.js';

/** widget/widget.js beside src/ and dist/. */
export const WIDGET_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'widget', 'widget.js');

/** Per address, shared by every node (core's rate-limit port): history reads and media uploads a minute. */
export const ROUTE_BUDGETS = { history: { max: 120, windowMs: 60_000 }, media: { max: 30, windowMs: 60_000 } } as const;

export interface RouteLimits {
  /** Largest file a visitor may send, in bytes. */
  maxUploadBytes: number;
}

function validation(pathName: string, message: string): AppError {
  return new AppError('ERR_VALIDATION', 400, { issues: [{ path: [pathName], message }] });
}

/** A multipart form with one `file` and the text fields of webchatMediaFieldsSchema. */
async function readMediaForm(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, string> = {};
  let file: { data: Buffer; mimetype: string; fileName: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      if (!extensionOf(part.mimetype)) {
        part.file.resume();
        throw validation('file', WebchatV.fileType);
      }
      const data = await part.toBuffer();
      file = { data, mimetype: part.mimetype.split(';')[0]!.trim().toLowerCase(), fileName: safeFileName(part.filename || 'file', part.mimetype) };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413, { maxBytes });
    }
    throw err;
  }
  if (!file) throw validation('file', WebchatV.file);
  return { fields: webchatMediaFieldsSchema.parse(fields), file };
}

/**
 * Public routes (under /api, no user auth): the widget script, a visitor's own history and
 * media messages. Each one authenticates by the connection token in the path; an unknown token
 * is 404 ERR_NO_WAPP_FOUND, and a visitor reads only the conversation of their own id.
 */
export function registerWebchatRoutes(ctx: PluginContext, limiter: RateLimiter, limits: RouteLimits): void {
  const routes = ctx.publicRoutes;
  const requireConnection = async (token: string) => {
    const connection = await findByToken(ctx.db, token);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return connection;
  };

  registerSiteRoutes(ctx, requireConnection);

  routes.get('/webchat/widget.js', { schema: { tags: ['webchat'] }, config: { publicCors: true } }, async (_request, reply) => {
    const script = await fs.promises.readFile(WIDGET_FILE);
    return reply
      .header('Content-Type', 'application/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(script);
  });

  routes.get(
    '/webchat/:token/messages',
    {
      schema: { tags: ['webchat'], params: webchatTokenParamsSchema, querystring: webchatHistoryQuerySchema },
      config: { publicCors: true },
      preHandler: perAddress(ctx.rateLimits, 'history', ROUTE_BUDGETS.history),
    },
    async (request) => {
      const connection = await requireConnection(request.params.token);
      assertOriginAllowed(connection, request.headers.origin, request.headers.host);
      return visitorHistory(ctx.db, ctx.storage, connection, peerIdOf(request.query.visitorId), request.query.beforeId);
    },
  );

  routes.post(
    '/webchat/:token/messages',
    {
      schema: { tags: ['webchat'], params: webchatTokenParamsSchema },
      config: { publicCors: true },
      preHandler: perAddress(ctx.rateLimits, 'media', ROUTE_BUDGETS.media),
    },
    async (request, reply) => {
      const connection = await requireConnection(request.params.token);
      assertOriginAllowed(connection, request.headers.origin, request.headers.host);
      if (!request.isMultipart()) throw validation('file', WebchatV.file);
      const { fields, file } = await readMediaForm(request, limits.maxUploadBytes);
      const visitor = visitorOf(connection, fields);
      if (!(await limiter.take(budgetKey(visitor)))) throw new AppError('ERR_RATE_LIMITED', 429);
      const message = await receiveFromVisitor(ctx, visitor, {
        clientId: fields.clientId,
        body: fields.body || file.fileName,
        media: file,
      });
      return reply.code(201).send({ message });
    },
  );
}
