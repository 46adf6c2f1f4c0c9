import { AppError, requireAdmin, type PluginContext } from '@guiche/core';
import { autoQueueIds, autoTranscriptionState } from './auto-transcription.js';
import type { PromptRepository } from './repository.js';
import { transcriptionQueueBodySchema, transcriptionQueueParamsSchema } from './schemas.js';

const TAGS = ['prompts'];
const QUEUES = 'promptTranscriptionQueues';

/**
 * Issue #33: which queues' customer audio is transcribed automatically (admins). The answer also says
 * whether the company has an OpenAI key and how many audios were not transcribed, with the last reason.
 */
export function registerAutoTranscriptionRoutes(ctx: Pick<PluginContext, 'routes' | 'db'>, repo: PromptRepository): void {
  const state = async (companyId: number) => ({
    queueIds: await autoQueueIds(ctx.db, companyId),
    keyConfigured: (await repo.companyApiKey(companyId)) !== null,
    ...(await autoTranscriptionState(ctx.db, companyId)),
  });

  ctx.routes.get('/transcription-queues', { onRequest: requireAdmin, schema: { tags: TAGS } }, (request) => state(request.auth.companyId));

  ctx.routes.put('/transcription-queues/:queueId', { onRequest: requireAdmin, schema: { tags: TAGS, params: transcriptionQueueParamsSchema, body: transcriptionQueueBodySchema } }, async (request) => {
    const { companyId } = request.auth;
    const { queueId } = request.params;
    if (!(await repo.isCompanyQueue(companyId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    if (request.body.auto) await ctx.db(QUEUES).insert({ queueId, companyId }).onConflict('queueId').ignore();
    else await ctx.db(QUEUES).where({ queueId, companyId }).delete();
    return state(companyId);
  });
}
