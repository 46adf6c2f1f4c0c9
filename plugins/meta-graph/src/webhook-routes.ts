import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { secretMatches, type Routes } from '@guiche/core';
import { verifySignature } from './signature.js';

export interface WebhookTarget {
  appSecret: string | null;
  verifyToken: string | null;
}

export interface MetaWebhookOptions<T extends WebhookTarget> {
  /** Route path, e.g. /whatsappapi/webhook/:webhookId. */
  path: string;
  /** Who the request is for (by path params); null answers 404. */
  resolve(request: FastifyRequest): Promise<T | null>;
  /**
   * Takes a verified, parsed delivery. Must be quick (put it on a queue): Meta is answered after
   * it returns, and a slow answer makes Meta send again.
   */
  accept(payload: unknown, target: T, request: FastifyRequest): Promise<void>;
  /**
   * Called once a request proved it comes from Meta (the verification GET's token matched, or the
   * POST's signature), before it is answered: what only an authentic call may note.
   */
  verified?(target: T, request: FastifyRequest): Promise<void>;
  /** Largest body accepted (bytes). */
  bodyLimit?: number;
  /** The path parameters' schema (documented and checked before resolve runs on the POST's parsed request). */
  params?: z.ZodObject;
}

const TARGET = Symbol('metaWebhookTarget');
type WithTarget<T> = FastifyRequest & { [TARGET]?: T };

class Rejected extends Error {
  constructor(readonly statusCode: number, readonly code: string) {
    super(code);
  }
}

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) throw new Rejected(413, 'ERR_PAYLOAD_TOO_LARGE');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * GET verification and signed POST deliveries of a Meta webhook. The POST's preParsing hook reads
 * the raw bytes and checks X-Hub-Signature-256 over them, in constant time, BEFORE any parser sees
 * the body; only a verified body is handed on to be parsed. There is no switch to skip the check:
 * a target without an app secret rejects every delivery.
 */
export function registerMetaWebhook<T extends WebhookTarget>(routes: Routes, options: MetaWebhookOptions<T>): void {
  const limit = options.bodyLimit ?? 5 * 1024 * 1024;

  const schema = options.params ? { params: options.params } : undefined;
  routes.get(options.path, { schema }, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, string | undefined>;
    const target = await options.resolve(request);
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (!target?.verifyToken || query['hub.mode'] !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || !secretMatches(token, target.verifyToken)) {
      return reply.code(403).type('text/plain').send('Forbidden');
    }
    await options.verified?.(target, request);
    return reply.code(200).type('text/plain').send(challenge);
  });

  routes.post(options.path, {
    schema,
    bodyLimit: limit,
    async preParsing(request: FastifyRequest, reply: FastifyReply, payload) {
      const target = await options.resolve(request);
      if (!target) throw new Rejected(404, 'ERR_NO_WAPP_FOUND');
      const raw = await readAll(payload, limit);
      if (!verifySignature(raw, request.headers['x-hub-signature-256'], target.appSecret)) {
        request.log.warn({ path: request.routeOptions.url }, 'meta webhook: signature missing or wrong');
        throw new Rejected(401, 'ERR_INVALID_SIGNATURE');
      }
      await options.verified?.(target, request);
      (request as WithTarget<T>)[TARGET] = target;
      const verified = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      verified.receivedEncodedLength = raw.length;
      return verified;
    },
    errorHandler(error: unknown, _request: FastifyRequest, reply: FastifyReply) {
      if (error instanceof Rejected) return reply.code(error.statusCode).send({ error: error.code });
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) return reply.code(status).send({ error: 'ERR_VALIDATION' });
      // Not queued (Redis or the database unreachable): a 503 makes Meta deliver it again later.
      _request.log.error({ err: error }, 'meta webhook: delivery not queued');
      return reply.code(503).send({ error: 'ERR_INTERNAL' });
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const target = (request as WithTarget<T>)[TARGET];
      if (!target) return reply.code(401).send({ error: 'ERR_INVALID_SIGNATURE' });
      const payload = request.body;
      if (!payload || typeof payload !== 'object') return reply.code(400).send({ error: 'ERR_VALIDATION' });
      await options.accept(payload, target, request);
      return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
    },
  });
}
