import { callOutside, outsideJson, OutsideServiceError, signatureHeader, type ConversationInput, type ConversationOutcome } from '@guiche/core';
import type { IntegrationRepository, IntegrationRow } from '../repository.js';
import { sendMediaUrl, sendText, type Ctx } from './reply.js';

/** The answer contract of n8n and webhook integrations (README.md). */
interface WebhookAnswer {
  messages?: { text?: string; mediaUrl?: string; fileName?: string; caption?: string }[];
  action?: 'continue' | 'handover' | 'close' | 'transfer';
  queueId?: number;
  userId?: number;
}

function parseAnswer(value: unknown): WebhookAnswer {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new OutsideServiceError('the webhook answer is not an object', 'malformed');
  const answer = value as WebhookAnswer;
  if (answer.messages !== undefined && (!Array.isArray(answer.messages) || answer.messages.some((m) => !m || typeof m !== 'object'))) {
    throw new OutsideServiceError('the webhook answer messages is not a list of objects', 'malformed');
  }
  if (answer.action !== undefined && !['continue', 'handover', 'close', 'transfer'].includes(answer.action)) throw new OutsideServiceError('unknown webhook action', 'malformed');
  return answer;
}

/**
 * N8N and webhook: each customer message is POSTed with its ticket, contact and connection; the
 * answer's messages go out in order and its action says how the conversation goes on.
 */
export function createWebhookBehaviour(ctx: Ctx, repo: Pick<IntegrationRepository, 'signingSecret'>) {
  return async function webhook(input: ConversationInput, integration: IntegrationRow): Promise<ConversationOutcome> {
    const { ticket, message } = input;
    const [contact, connection] = await Promise.all([
      ctx.db('contacts').where({ id: ticket.contactId, companyId: input.companyId }).first('id', 'name', 'number', 'email'),
      ctx.db('whatsapps').where({ id: ticket.whatsappId, companyId: input.companyId }).first('id', 'name', 'channel'),
    ]);
    const payload = {
      event: 'message',
      integration: { id: integration.id, name: integration.name, type: integration.type },
      company: { id: input.companyId },
      message: { id: message.id, body: message.body, mediaType: message.mediaType, mediaUrl: message.mediaUrl },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId, userId: ticket.userId },
      contact: contact ?? null,
      connection: connection ?? null,
    };
    // Signed like the external API's webhooks (X-Guiche-Signature over t + "." + the raw body), with
    // the integration's own secret read on each call, so a rotation applies at once on every node.
    const body = JSON.stringify(payload);
    const secret = await repo.signingSecret(input.companyId, integration.id);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Guiche-Integrations/1', 'x-guiche-event': 'message', 'x-guiche-delivery': `message-${message.id}` };
    if (secret) headers['x-guiche-signature'] = signatureHeader(secret, body);
    const res = await callOutside(integration.urlN8N ?? '', { method: 'POST', headers, body }, { ...ctx.limits, signal: input.signal });
    if (res.status === 204) return 'continue';
    const text = await res.clone().text();
    if (res.ok && !text.trim()) return 'continue';
    const answer = parseAnswer(await outsideJson(res));
    for (const item of answer.messages ?? []) {
      if (typeof item.mediaUrl === 'string' && /^https?:\/\//.test(item.mediaUrl)) await sendMediaUrl(ctx, input, item.mediaUrl, item.caption ?? item.text ?? '', item.fileName);
      else if (typeof item.text === 'string') await sendText(ctx, input, item.text);
    }
    switch (answer.action) {
      case 'handover':
        return 'handover';
      case 'close':
        return 'close';
      case 'transfer':
        return { transfer: { queueId: answer.queueId ?? null, userId: answer.userId ?? null } };
      default:
        return 'continue';
    }
  };
}
