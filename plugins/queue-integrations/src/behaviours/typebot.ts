import { callOutside, outsideJson, OutsideServiceError, type ConversationInput, type ConversationOutcome } from '@guiche/core';
import type { IntegrationRow } from '../repository.js';
import { pause, sendMediaUrl, sendText, type Ctx } from './reply.js';

/** Typebot's chat API (v1 of /api: startChat, continueChat), the parts this module reads. */
interface TypebotItem { id: string; content?: string }
interface TypebotInput { type: string; items?: TypebotItem[] }
interface TypebotBubble {
  type: string;
  content?: { type?: string; markdown?: string; richText?: unknown[]; url?: string };
}
interface TypebotAnswer {
  sessionId?: string;
  messages?: TypebotBubble[];
  input?: TypebotInput | null;
  clientSideActions?: { type: string; wait?: { secondsToWaitFor?: number } }[];
}

interface Session { sessionId: string; input: TypebotInput | null; lastAt: Date }

/** Plain text of a rich-text bubble (Slate nodes: { text } leaves under { children }). */
export function richTextToPlain(nodes: unknown[]): string {
  const walk = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const n = node as { text?: string; children?: unknown[]; type?: string };
    if (typeof n.text === 'string') return n.text;
    return (n.children ?? []).map(walk).join('');
  };
  return nodes.map(walk).join('\n');
}

/** A choice input as the customer reads it: its items numbered from 1. */
export function numberedOptions(input: TypebotInput): string {
  return (input.items ?? []).map((item, i) => `*${i + 1}* - ${item.content ?? ''}`).join('\n');
}

function validAnswer(value: unknown): TypebotAnswer {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new OutsideServiceError('Typebot answered something that is not a chat answer', 'malformed');
  const answer = value as TypebotAnswer;
  if (answer.messages !== undefined && !Array.isArray(answer.messages)) throw new OutsideServiceError('Typebot messages is not a list', 'malformed');
  return answer;
}

/**
 * A ticket's conversation with a Typebot (outreach-config.md Queue integrations): a session per
 * ticket (integration_sessions), discarded after typebotExpires idle minutes (0 = never); the finish
 * keyword hands over to a human, the restart keyword starts over; a choice input is offered as
 * numbered options and an answer outside them gets typebotUnknownMessage; bubbles go out
 * typebotDelayMessage ms apart, and a Typebot wait block waits too.
 */
export function createTypebotBehaviour(ctx: Ctx) {
  const base = (integration: IntegrationRow) => (integration.urlN8N ?? '').replace(/\/+$/, '');

  async function session(input: ConversationInput, integration: IntegrationRow): Promise<Session | null> {
    const row = await ctx.db('integrationSessions').where({ ticketId: input.ticket.id, integrationId: integration.id }).first();
    if (!row) return null;
    const idleMs = Date.now() - new Date(row.lastAt).getTime();
    if (integration.typebotExpires > 0 && idleMs > integration.typebotExpires * 60000) {
      await endSession(input);
      return null;
    }
    return { sessionId: row.sessionId, input: row.input ?? null, lastAt: row.lastAt };
  }

  async function saveSession(input: ConversationInput, integration: IntegrationRow, sessionId: string, waiting: TypebotInput | null): Promise<void> {
    await ctx
      .db('integrationSessions')
      .insert({ ticketId: input.ticket.id, companyId: input.companyId, integrationId: integration.id, sessionId, input: waiting ? JSON.stringify(waiting) : null, lastAt: new Date() })
      .onConflict('ticketId')
      .merge();
  }

  const endSession = (input: ConversationInput) => ctx.db('integrationSessions').where({ ticketId: input.ticket.id }).delete();

  async function post(url: string, body: unknown, signal: AbortSignal): Promise<Response> {
    return callOutside(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, { ...ctx.limits, signal });
  }

  async function start(input: ConversationInput, integration: IntegrationRow, text: string): Promise<TypebotAnswer> {
    const contact = await ctx.db('contacts').where({ id: input.ticket.contactId, companyId: input.companyId }).first('name', 'number');
    const res = await post(
      `${base(integration)}/api/v1/typebots/${encodeURIComponent(integration.typebotSlug ?? '')}/startChat`,
      {
        message: { type: 'text', text },
        isStreamEnabled: false,
        textBubbleContentFormat: 'markdown',
        prefilledVariables: { number: contact?.number ?? '', pushName: contact?.name ?? '', ticketId: input.ticket.id },
      },
      input.signal,
    );
    return validAnswer(await outsideJson(res));
  }

  /** continueChat; null when Typebot no longer knows the session (expired on its side). */
  async function proceed(input: ConversationInput, integration: IntegrationRow, sessionId: string, text: string): Promise<TypebotAnswer | null> {
    const res = await post(`${base(integration)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: { type: 'text', text }, textBubbleContentFormat: 'markdown' }, input.signal);
    if (res.status === 404 || res.status === 400) {
      await res.body?.cancel();
      return null;
    }
    return validAnswer(await outsideJson(res));
  }

  async function deliver(input: ConversationInput, integration: IntegrationRow, answer: TypebotAnswer): Promise<void> {
    let first = true;
    const gap = async () => {
      if (!first) await pause(integration.typebotDelayMessage, input.signal);
      first = false;
    };
    for (const bubble of answer.messages ?? []) {
      const content = bubble.content ?? {};
      if (bubble.type === 'text') {
        const body = content.markdown ?? (Array.isArray(content.richText) ? richTextToPlain(content.richText) : '');
        if (!body.trim()) continue;
        await gap();
        await sendText(ctx, input, body);
      } else if (['image', 'video', 'audio', 'file'].includes(bubble.type) && typeof content.url === 'string' && /^https?:\/\//.test(content.url)) {
        await gap();
        await sendMediaUrl(ctx, input, content.url);
      }
    }
    for (const action of answer.clientSideActions ?? []) {
      if (action.type === 'wait' && action.wait?.secondsToWaitFor) await pause(Math.min(action.wait.secondsToWaitFor, 60) * 1000, input.signal);
    }
    if (answer.input?.type === 'choice input' && answer.input.items?.length) {
      await gap();
      await sendText(ctx, input, numberedOptions(answer.input));
    }
  }

  return async function typebot(input: ConversationInput, integration: IntegrationRow): Promise<ConversationOutcome> {
    const text = input.message.body.trim();
    const lower = text.toLowerCase();
    if (integration.typebotKeywordFinish && lower === integration.typebotKeywordFinish.trim().toLowerCase()) {
      await endSession(input);
      return 'handover';
    }
    if (integration.typebotKeywordRestart && lower === integration.typebotKeywordRestart.trim().toLowerCase()) {
      await endSession(input);
      if (integration.typebotRestartMessage) await sendText(ctx, input, integration.typebotRestartMessage);
      return 'continue';
    }
    let current = await session(input, integration);
    let reply = text;
    if (current?.input?.type === 'choice input' && current.input.items?.length) {
      const items = current.input.items;
      const byNumber = /^\d+$/.test(text) ? items[Number(text) - 1] : undefined;
      const byText = items.find((item) => (item.content ?? '').trim().toLowerCase() === lower);
      const chosen = byNumber ?? byText;
      if (!chosen) {
        await sendText(ctx, input, [integration.typebotUnknownMessage, numberedOptions(current.input)].filter(Boolean).join('\n\n'));
        return 'continue';
      }
      reply = chosen.content ?? text;
    }
    let answer = current ? await proceed(input, integration, current.sessionId, reply) : null;
    if (!answer) {
      current = null;
      answer = await start(input, integration, text);
      if (!answer.sessionId) throw new OutsideServiceError('Typebot started a chat without a sessionId', 'malformed');
    }
    const sessionId = answer.sessionId ?? current?.sessionId;
    await deliver(input, integration, answer);
    if (!answer.input) {
      // The flow reached its end: the session is over and a human takes the conversation.
      await endSession(input);
      return 'handover';
    }
    await saveSession(input, integration, sessionId!, answer.input);
    return 'continue';
  };
}
