import { definePlugin, secretBox, type PluginDefinition } from '@guiche/core';
import { createAssistant, type AssistantOptions } from './assistant.js';
import { defineAutoTranscription } from './auto-transcription.js';
import { registerAutoTranscriptionRoutes } from './auto-transcription-routes.js';
import { createPromptEvents } from './events.js';
import { createPromptRepository } from './repository.js';
import { registerPromptRoutes } from './routes.js';
import { createTranscriber } from './transcriber.js';
import { registerTranscriptionRoutes } from './transcription-routes.js';


export type PromptsOptions = Partial<Omit<AssistantOptions, 'limits'>> & { limits?: Partial<AssistantOptions['limits']> };

export function createPromptsPlugin(options: PromptsOptions = {}): PluginDefinition {
  return definePlugin({
    id: 'prompts',
    kind: 'module',
    planFlag: 'useOpenAi',
    migrations: 'migrations',
    webModule: 'prompts',
    async register(ctx) {
      const repo = createPromptRepository(ctx.db, await secretBox(ctx.db));
      const assistantOptions: AssistantOptions = {
        openAiBase: options.openAiBase ?? process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
        model: options.model ?? process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
        transcriptionModel: options.transcriptionModel ?? 'whisper-1',
        ttsUrl: options.ttsUrl ?? process.env.TTS_URL ?? 'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1',
        limits: { timeoutMs: 20_000, retries: 2, backoffMs: 500, maxRetryAfterMs: 10_000, ...options.limits },
      };
      const assistant = createAssistant(ctx, repo, assistantOptions);
      ctx.bot.registerHandler('openai', assistant, { timeoutMs: 90_000, planFlag: 'useOpenAi' });
      registerPromptRoutes(ctx, repo, createPromptEvents(ctx.realtime));
      const transcribe = createTranscriber(ctx, assistantOptions);
      registerTranscriptionRoutes(ctx, repo, transcribe);
      registerAutoTranscriptionRoutes(ctx, repo);
      defineAutoTranscription(ctx, repo, transcribe);
    },
  });
}

export default createPromptsPlugin();
