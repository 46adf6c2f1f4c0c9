import { callOutside, outsideJson, OutsideServiceError, type ConversationInput, type ConversationOutcome, type PluginContext } from '@guiche/core';
import type { PromptRepository, PromptRow } from './repository.js';
import { createTranscriber } from './transcriber.js';

export interface AssistantOptions {
  /** OpenAI-compatible API base, e.g. https://api.openai.com/v1. */
  openAiBase: string;
  model: string;
  transcriptionModel: string;
  /** Text-to-speech endpoint; {region} is the prompt's voice region. */
  ttsUrl: string;
  /** Per outside call: timeout, retries, first backoff; the longest Retry-After honoured. */
  limits: { timeoutMs: number; retries: number; backoffMs: number; maxRetryAfterMs: number };
}

type Ctx = Pick<PluginContext, 'db' | 'messages' | 'storage' | 'log'>;

interface ChatMessage { role: 'system' | 'user' | 'assistant'; content: string }
interface Completion {
  choices?: { message?: { content?: string | null; tool_calls?: { type: string; function?: { name?: string; arguments?: string } }[] }; finish_reason?: string }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

/** The tool the model calls when the customer should talk to a person. */
export const TRANSFER_TOOL = 'transfer_to_human';
const TOOLS = [
  {
    type: 'function',
    function: {
      name: TRANSFER_TOOL,
      description: 'Transfers the conversation to a human attendant of this department. Call it when the customer asks for a person or you cannot help.',
      parameters: { type: 'object', properties: { reason: { type: 'string', description: 'Why the customer needs a human' } }, required: [] },
    },
  },
];

/** A customer asking for a person in so many words (pt, en, es) goes to the queue without asking the model. */
const HUMAN_REQUEST = /\b(atendente|humano|pessoa real|falar com (alguém|alguem|uma pessoa)|human|agent|representative|persona|agente)\b/i;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The 'openai' conversation handler (outreach-config.md Prompts): the prompt is the system text and
 * the ticket's last maxMessages messages the context; audio is transcribed first; a request for a
 * human (by the customer or the model's tool call) transfers to the prompt's queue; with a voice
 * the answer goes out as a voice note. Each answer's token usage is recorded for the company.
 */
export function createAssistant(ctx: Ctx, prompts: PromptRepository, options: AssistantOptions) {
  const call = (url: string, init: RequestInit, signal: AbortSignal) => callOutside(url, init, { ...options.limits, signal });
  const api = (path: string) => `${options.openAiBase.replace(/\/+$/, '')}${path}`;

  const transcribe = createTranscriber(ctx, options);

  async function history(input: ConversationInput, prompt: PromptRow, current: string): Promise<ChatMessage[]> {
    const rows: { id: number; body: string; fromMe: boolean }[] = await ctx
      .db('messages')
      .where({ ticketId: input.ticket.id, companyId: input.companyId, isPrivate: false })
      .orderBy('id', 'desc')
      .limit(prompt.maxMessages)
      .select('id', 'body', 'fromMe');
    return rows
      .reverse()
      .map((m): ChatMessage => ({ role: m.fromMe ? 'assistant' : 'user', content: m.id === input.message.id ? current : m.body }))
      .filter((m) => m.content.trim());
  }

  async function speak(input: ConversationInput, prompt: PromptRow, text: string): Promise<boolean> {
    if (prompt.voice === 'texto' || !prompt.voiceKey || !prompt.voiceRegion) return false;
    const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice xml:lang='pt-BR' name='${escapeXml(prompt.voice)}'>${escapeXml(text)}</voice></speak>`;
    try {
      const res = await call(
        options.ttsUrl.replace('{region}', encodeURIComponent(prompt.voiceRegion)),
        { method: 'POST', headers: { 'Ocp-Apim-Subscription-Key': prompt.voiceKey, 'Content-Type': 'application/ssml+xml', 'X-Microsoft-OutputFormat': 'ogg-48khz-16bit-mono-opus', 'User-Agent': 'guiche' }, body: ssml },
        input.signal,
      );
      if (!res.ok) throw new OutsideServiceError(`text-to-speech answered ${res.status}`, `status:${res.status}`, res.status);
      const audio = Buffer.from(await res.arrayBuffer());
      if (!audio.length) throw new OutsideServiceError('text-to-speech answered no audio', 'malformed');
      const stored = await ctx.storage.save(input.companyId, 'prompts', `voz-${input.message.id}.ogg`, audio);
      await ctx.messages.send({ companyId: input.companyId, ticketId: input.ticket.id, userId: null, body: '', media: { path: stored.path, mimetype: 'audio/ogg; codecs=opus', fileName: `voz-${input.message.id}.ogg`, asVoiceNote: true } });
      return true;
    } catch (err) {
      // A voice that fails still answers, in text.
      ctx.log.warn({ err, ticketId: input.ticket.id }, 'text-to-speech failed; answering in text');
      return false;
    }
  }

  return async function assistant(input: ConversationInput): Promise<ConversationOutcome> {
    const prompt = input.ticket.promptId ? await prompts.forAssistant(input.companyId, input.ticket.promptId) : undefined;
    if (!prompt) return 'handover';
    const toQueue: ConversationOutcome = { transfer: { queueId: prompt.queueId ?? input.ticket.queueId } };
    let text = input.message.body;
    if (input.message.mediaType === 'audio' && input.message.mediaUrl) text = await transcribe(prompt.apiKey, input.message.mediaUrl, input.signal);
    if (HUMAN_REQUEST.test(text)) return toQueue;
    if (!text.trim()) return 'continue';

    const messages = [{ role: 'system', content: prompt.prompt }, ...(await history(input, prompt, text))];
    const res = await call(
      api('/chat/completions'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${prompt.apiKey}` },
        body: JSON.stringify({ model: options.model, messages, max_tokens: prompt.maxTokens, temperature: prompt.temperature, tools: TOOLS }),
      },
      input.signal,
    );
    const completion = await outsideJson<Completion>(res);
    const choice = completion?.choices?.[0]?.message;
    if (!choice) throw new OutsideServiceError('the completion has no choice', 'malformed');
    const usage = completion.usage ?? {};
    await ctx.db('promptUsage').insert({
      companyId: input.companyId,
      promptId: prompt.id,
      ticketId: input.ticket.id,
      promptTokens: usage.prompt_tokens ?? 0,
      completionTokens: usage.completion_tokens ?? 0,
      totalTokens: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
    });
    const answer = (choice.content ?? '').trim();
    const wantsHuman = (choice.tool_calls ?? []).some((t) => t.function?.name === TRANSFER_TOOL);
    if (answer && !(await speak(input, prompt, answer))) await ctx.messages.send({ companyId: input.companyId, ticketId: input.ticket.id, userId: null, body: answer });
    if (wantsHuman) return toQueue;
    if (!answer) throw new OutsideServiceError('the completion has neither text nor a known tool call', 'malformed');
    return 'continue';
  };
}
