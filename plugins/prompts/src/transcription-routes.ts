import { AppError, OutsideServiceError, type PluginContext } from '@guiche/core';
import type { PromptRepository } from './repository.js';
import { transcriptionParamsSchema } from './schemas.js';
import type { Transcribe } from './transcriber.js';

const TAGS = ['prompts'];

/**
 * Issue #33 Transcription: any agent who sees the conversation transcribes one of its audio
 * messages with the company's OpenAI key; the text is stored on the message and announced live.
 * Asking again answers the stored text without calling OpenAI.
 */
export function registerTranscriptionRoutes(ctx: Pick<PluginContext, 'routes' | 'messages' | 'log'>, repo: PromptRepository, transcribe: Transcribe): void {
  ctx.routes.post('/transcriptions/:messageId', { schema: { tags: TAGS, params: transcriptionParamsSchema } }, async (request) => {
    const { companyId } = request.auth;
    const audio = await ctx.messages.visibleAudio(request.auth, request.params.messageId);
    // A second click (or a second agent) reads the stored text: the audio does not change, so paying OpenAI again would not either.
    if (audio.transcript !== null) return { messageId: audio.id, transcript: audio.transcript };
    const apiKey = await repo.companyApiKey(companyId);
    if (!apiKey) throw new AppError('ERR_OPENAI_KEY_MISSING', 400);
    let transcript: string;
    try {
      transcript = (await transcribe(apiKey, audio.mediaPath)).trim();
    } catch (err) {
      if (!(err instanceof OutsideServiceError)) throw err;
      ctx.log.warn({ err, messageId: audio.id }, 'transcription failed');
      throw new AppError('ERR_TRANSCRIPTION_FAILED', 502);
    }
    await ctx.messages.setTranscript(companyId, audio.id, transcript);
    return { messageId: audio.id, transcript };
  });
}
