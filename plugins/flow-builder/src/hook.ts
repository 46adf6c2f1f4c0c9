import { Readable } from 'node:stream';
import { flowHookParamsSchema, flowHookSchema } from '@guiche/contracts';
import { AppError, verifySignatureHeader, type PluginContext, type SecretBox } from '@guiche/core';
import type { FastifyRequest } from 'fastify';
import { FLOWS } from './flows.js';
import { startByHook, type HookFlow } from './starts.js';
import type { WalkDeps } from './walk.js';

const BODY_LIMIT = 16 * 1024;
const VERIFIED = Symbol('flowBuilder.hook');

type Verified = { flow: HookFlow; signature: string | null };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > BODY_LIMIT) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * POST /flowbuilder/hooks/:token (public). The URL's token names the flow; a flow with a secret
 * (every flow made since signing exists, and older ones once a secret is generated) is started only
 * by a call whose X-Guiche-Signature — `t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`,
 * as Guichê signs its own webhooks — holds over the raw bytes, checked before any parser runs,
 * with `t` within 5 minutes and never used before. A flow made before signing and never given a
 * secret still starts on its URL alone (the trigger form warns).
 */
export function registerHookRoute(ctx: PluginContext, walkDeps: WalkDeps, box: SecretBox): void {
  ctx.publicRoutes.post('/flowbuilder/hooks/:token', {
    bodyLimit: BODY_LIMIT,
    config: { audit: false },
    schema: { tags: ['flowbuilder'], params: flowHookParamsSchema, body: flowHookSchema },
    async preParsing(request: FastifyRequest, _reply, payload) {
      const { token } = flowHookParamsSchema.parse(request.params);
      const flow = await ctx.db(FLOWS).where({ webhookToken: token }).first('id', 'companyId', 'liveVersionId', 'webhookSecret');
      // An unknown token and a company whose plan lost the module look the same from outside.
      if (!flow || !(await ctx.plans.has(flow.companyId, 'useFlowBuilder'))) throw new AppError('ERR_NO_FLOW_FOUND', 404);
      const raw = await readAll(payload);
      let signature: string | null = null;
      if (flow.webhookSecret) {
        const verified = verifySignatureHeader(box.open(flow.webhookSecret), request.headers['x-guiche-signature'], raw);
        if (!verified) throw new AppError('ERR_INVALID_SIGNATURE', 401);
        signature = verified.v1;
      }
      (request as FastifyRequest & { [VERIFIED]?: Verified })[VERIFIED] = { flow: { id: flow.id, companyId: flow.companyId, liveVersionId: flow.liveVersionId }, signature };
      const verifiedBody = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      verifiedBody.receivedEncodedLength = raw.length;
      return verifiedBody;
    },
    handler: async (request, reply) => {
      const verified = (request as FastifyRequest & { [VERIFIED]?: Verified })[VERIFIED];
      if (!verified) throw new AppError('ERR_INVALID_SIGNATURE', 401);
      return reply.code(201).send(await startByHook({ ...ctx, walkDeps }, verified.flow, verified.signature, request.body));
    },
  });
}
