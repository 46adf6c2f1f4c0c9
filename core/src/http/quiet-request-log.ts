import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request lines at debug instead of info: at the default level the console of a start
 * shows the banner, warnings and errors, not two JSON lines per request. A failed request still
 * logs as Fastify does.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply, metadata?: unknown): void {
    if (error) return super.requestCompleted(error, request, reply, metadata as never);
    reply.log.debug({ statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
  }
}
