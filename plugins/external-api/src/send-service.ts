import { createHash } from 'node:crypto';
import { AppError, type PluginContext } from '@guiche/core';
import { requireBody } from './input.js';
import { discardMedia, type SendInput } from './request-input.js';
import type { ApiConnection } from './token-auth.js';
import { checkCloudRules, type TemplateSend } from './cloud-rules.js';
import * as idempotency from './idempotency.js';

export interface SendAnswer {
  status: 'queued';
  ticketId: number;
  contactId: number;
  /** The first (or only) message. */
  messageId: number;
  messageIds: number[];
}

function hashOf(input: SendInput): string {
  const { fields, media } = input;
  const shape = { ...fields, media: media.map((m) => ({ name: m.fileName, size: m.size, type: m.mimetype })) };
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex');
}

/** The number WhatsApp knows (its own digits), or 400 ERR_WAPP_INVALID_CONTACT. */
async function checkedNumber(ctx: PluginContext, connection: ApiConnection, number: string): Promise<string> {
  if (connection.channel !== 'whatsapp') return number;
  const accepted = await ctx.channels.call(connection.id, { method: 'checkNumber', args: [number] }, 'ERR_WAPP_CHECK_CONTACT');
  if (accepted === null) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
  return /^\d{8,}$/.test(accepted) ? accepted : number;
}

async function signature(ctx: PluginContext, companyId: number, userId: number | undefined, wanted: boolean | undefined): Promise<string> {
  if (!wanted || !userId) return '';
  const user = await ctx.users.findById(companyId, userId);
  return user ? `*${user.name}*:\n` : '';
}

export function createSendService(ctx: PluginContext) {
  /** Stores the messages in the contact's ticket and queues them, in order, on the connection. */
  async function deliver(connection: ApiConnection, input: SendInput, progress: { handedOver: number }, byTemplate: TemplateSend | null): Promise<SendAnswer> {
    const { fields, media } = input;
    const number = await checkedNumber(ctx, connection, fields.number);
    const conversation = await ctx.conversations.open({
      companyId: connection.companyId,
      connectionId: connection.id,
      number,
      userId: fields.userId ?? null,
      queueId: fields.queueId ?? null,
    });
    const prefix = await signature(ctx, connection.companyId, fields.userId, fields.sendSignature);
    const body = fields.body.trim() ? prefix + fields.body : fields.body;
    const base = { companyId: connection.companyId, ticketId: conversation.ticketId, userId: fields.userId ?? null };
    const messageIds: number[] = [];
    if (byTemplate) {
      // The conversation shows the template's text as the customer reads it.
      messageIds.push((await ctx.messages.send({ ...base, body: byTemplate.body, template: byTemplate.template })).id);
    } else if (!media.length) {
      messageIds.push((await ctx.messages.send({ ...base, body })).id);
    } else {
      // The caption goes with the first file; the others follow it in order.
      for (const [index, file] of media.entries()) {
        const sent = await ctx.messages.send({ ...base, body: index === 0 ? body : '', media: { path: file.path, mimetype: file.mimetype, fileName: file.fileName } });
        messageIds.push(sent.id);
        progress.handedOver = index + 1;
      }
    }
    return { status: 'queued', ticketId: conversation.ticketId, contactId: conversation.contactId, messageId: messageIds[0]!, messageIds };
  }

  /**
   * POST /api/messages/send after the token gate: the connection must be connected; with an
   * Idempotency-Key the (connection, key) row makes a retry answer the first result without
   * sending again.
   */
  async function send(connection: ApiConnection, input: SendInput, idempotencyKey: string | undefined): Promise<{ statusCode: number; answer: unknown; replayed: boolean }> {
    let byTemplate: TemplateSend | null;
    try {
      requireBody(input.fields, input.media.length > 0);
      if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409, { status: connection.status });
      byTemplate = await checkCloudRules(ctx, connection, input.fields);
    } catch (error) {
      await discardMedia(ctx.storage, input.media);
      throw error;
    }
    if (!idempotencyKey) return { statusCode: 202, answer: await sendOrDiscard(connection, input, byTemplate), replayed: false };

    const target = { companyId: connection.companyId, whatsappId: connection.id, key: idempotencyKey };
    let claimed: idempotency.Claim;
    try {
      idempotency.checkKey(idempotencyKey);
      claimed = await idempotency.claim(ctx.db, target, hashOf(input));
    } catch (error) {
      await discardMedia(ctx.storage, input.media);
      throw error;
    }
    if (claimed.kind === 'replay') {
      await discardMedia(ctx.storage, input.media);
      return { statusCode: claimed.statusCode, answer: claimed.response, replayed: true };
    }
    let answer: SendAnswer;
    try {
      answer = await sendOrDiscard(connection, input, byTemplate);
    } catch (error) {
      await idempotency.release(ctx.db, target);
      throw error;
    }
    await idempotency.complete(ctx.db, target, 202, answer);
    return { statusCode: 202, answer, replayed: false };
  }

  async function sendOrDiscard(connection: ApiConnection, input: SendInput, byTemplate: TemplateSend | null): Promise<SendAnswer> {
    const progress = { handedOver: 0 };
    try {
      return await deliver(connection, input, progress, byTemplate);
    } catch (error) {
      // Files already handed to a stored message belong to it; the rest are dropped.
      await discardMedia(ctx.storage, input.media.slice(progress.handedOver));
      throw error;
    }
  }

  return { send };
}
