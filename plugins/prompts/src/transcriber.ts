import { basename } from 'node:path';
import { callOutside, outsideJson, OutsideServiceError, type PluginContext } from '@guiche/core';

export interface TranscriberOptions {
  /** OpenAI-compatible API base, e.g. https://api.openai.com/v1. */
  openAiBase: string;
  transcriptionModel: string;
  limits: { timeoutMs: number; retries: number; backoffMs: number; maxRetryAfterMs: number };
}

/** POST /audio/transcriptions with a stored audio file; answers its text. Shared by the assistant and the agents' button. */
export function createTranscriber(ctx: Pick<PluginContext, 'storage'>, options: TranscriberOptions) {
  const url = `${options.openAiBase.replace(/\/+$/, '')}/audio/transcriptions`;
  return async function transcribe(apiKey: string, mediaPath: string, signal?: AbortSignal): Promise<string> {
    const data = await ctx.storage.read(mediaPath);
    const form = new FormData();
    form.append('model', options.transcriptionModel);
    form.append('file', new Blob([data]), basename(mediaPath));
    const res = await callOutside(url, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form }, { ...options.limits, signal });
    const answer = await outsideJson<{ text?: string }>(res);
    if (typeof answer?.text !== 'string') throw new OutsideServiceError('the transcription has no text', 'malformed');
    return answer.text;
  };
}
export type Transcribe = ReturnType<typeof createTranscriber>;
