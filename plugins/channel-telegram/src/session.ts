import type { ChannelSession, ConnectionInfo, OutboundMessage, PluginContext, SendResult, SessionIO } from '@guiche/core';
import { BotApiError, botApi, isDeadToken, sendError, type BotApi } from './bot-api.js';
import type { BotStore, TelegramBot } from './bots.js';
import { processUpdate } from './inbound.js';
import { splitWid, widOf } from './parse.js';

export const ALLOWED_UPDATES = ['message', 'edited_message'];
/** Seconds a getUpdates call waits for something to arrive (TELEGRAM_POLL_TIMEOUT lowers it in tests). */
const pollSeconds = (): number => Number(process.env.TELEGRAM_POLL_TIMEOUT) || 25;

/** The webhook Telegram calls, when the server has a public https URL (PUBLIC_URL); null: long polling. */
export function webhookUrl(connectionId: number): string | null {
  const base = process.env.PUBLIC_URL?.replace(/\/+$/, '');
  return base?.startsWith('https://') ? `${base}/api/telegram/webhook/${connectionId}` : null;
}

const SEND_FILE: [RegExp, string, string][] = [[/^image\/(jpeg|png)$/, 'sendPhoto', 'photo'], [/^video\/mp4$/, 'sendVideo', 'video'], [/^audio\/(mpeg|mp4|x-m4a)$/, 'sendAudio', 'audio']];

/**
 * A bot's session. Starting checks the token (getMe), then either registers the webhook with its
 * secret token or, without a public https URL, long-polls getUpdates from the stored offset; an
 * update's offset is stored only after the update is, so a crash delivers it again (at least once).
 */
export function createTelegramSession(ctx: PluginContext, store: BotStore, connection: ConnectionInfo, io: SessionIO): ChannelSession {
  let bot: TelegramBot | null = null;
  let api: BotApi | null = null;
  let polling: AbortController | null = null;
  const ready = () => {
    if (!bot || !api) throw new Error('ERR_WAPP_NOT_INITIALIZED: the connection has no Telegram bot yet');
    return { bot, api };
  };

  /** A revoked token (401) or a deleted bot (404) stops the connection until a new token is saved. */
  async function giveUp(err: BotApiError): Promise<void> {
    await store.setError(connection.id, err.message).catch(() => undefined);
    await io.status('DISCONNECTED');
    io.disconnected({ action: 'stop', code: err.code, message: err.message });
  }

  async function poll(signal: AbortSignal): Promise<void> {
    const { bot: b, api: call } = ready();
    let offset = b.updateOffset;
    while (!signal.aborted) {
      const wait = AbortSignal.any([signal, AbortSignal.timeout((pollSeconds() + 15) * 1000)]);
      const updates = await call<Record<string, any>[]>('getUpdates', { offset, timeout: pollSeconds(), allowed_updates: ALLOWED_UPDATES }, wait);
      for (const update of updates) {
        if (signal.aborted) return;
        await processUpdate(io, b.token, update);
        offset = Number(update.update_id) + 1;
        await store.setOffset(connection.id, offset);
      }
    }
  }

  async function sendFile(message: OutboundMessage, media: NonNullable<OutboundMessage['media']>, reply: Record<string, unknown>) {
    const [, method, field] = SEND_FILE.find(([type]) => type.test(media.mimetype)) ?? (media.asVoiceNote || media.mimetype === 'audio/ogg' ? [null, 'sendVoice', 'voice'] : [null, 'sendDocument', 'document']);
    const form = new FormData();
    form.append('chat_id', message.to.id);
    if (message.body) form.append('caption', message.body);
    if (reply.reply_parameters) form.append('reply_parameters', JSON.stringify(reply.reply_parameters));
    form.append(field, new Blob([await ctx.storage.read(media.path)], { type: media.mimetype }), media.fileName);
    return ready().api<Record<string, any>>(method, form);
  }

  return {
    async start() {
      bot = await store.load(connection.id);
      if (!bot) {
        await io.status('DISCONNECTED'); // not configured yet: saving a token in the dialog starts it again
        return;
      }
      api = botApi(bot.token);
      let me: { username: string };
      try {
        me = await api('getMe');
        const url = webhookUrl(connection.id);
        if (url) await api('setWebhook', { url, secret_token: bot.webhookSecret, allowed_updates: ALLOWED_UPDATES });
        else await api('deleteWebhook', { drop_pending_updates: false });
      } catch (err) {
        if (isDeadToken(err)) return giveUp(err);
        throw err;
      }
      await store.setError(connection.id, null);
      await io.status('CONNECTED', { number: `@${me.username}` });
      if (webhookUrl(connection.id)) return;
      const controller = (polling = new AbortController());
      poll(controller.signal).catch(async (err: unknown) => {
        if (controller.signal.aborted) return;
        if (isDeadToken(err)) return giveUp(err);
        io.disconnected({ action: 'reconnect', code: err instanceof BotApiError ? err.code : undefined, message: (err as Error).message });
      });
    },
    async stop() {
      polling?.abort();
      polling = null;
    },
    async logout() {
      polling?.abort();
      polling = null;
      if (api && webhookUrl(connection.id)) await api('deleteWebhook').catch(() => undefined);
    },
    async send(message: OutboundMessage): Promise<SendResult> {
      const { api: call } = ready();
      const reply = message.quotedWid ? { reply_parameters: { message_id: splitWid(message.quotedWid).messageId, allow_sending_without_reply: true } } : {};
      const sent: Record<string, any> = await (message.location
        ? call('sendLocation', { chat_id: message.to.id, latitude: message.location.latitude, longitude: message.location.longitude, ...reply })
        : message.media
          ? sendFile(message, message.media, reply)
          : call('sendMessage', { chat_id: message.to.id, text: message.body, ...reply })
      ).catch((err: unknown) => Promise.reject(sendError(err)));
      return { wid: widOf(sent.chat.id, sent.message_id), ack: 1 };
    },
    async edit(_to, wid, body) {
      const { chatId, messageId } = splitWid(wid);
      try {
        await ready().api('editMessageText', { chat_id: chatId, message_id: messageId, text: body });
      } catch (err) {
        // A photo or a file has a caption, not a text.
        if (!(err instanceof BotApiError) || !/no text in the message/i.test(err.description)) throw err;
        await ready().api('editMessageCaption', { chat_id: chatId, message_id: messageId, caption: body });
      }
    },
    async delete(_to, wid) {
      const { chatId, messageId } = splitWid(wid);
      await ready().api('deleteMessage', { chat_id: chatId, message_id: messageId });
    },
    async react(_to, wid, emoji) {
      const { chatId, messageId } = splitWid(wid);
      await ready().api('setMessageReaction', { chat_id: chatId, message_id: messageId, reaction: emoji ? [{ type: 'emoji', emoji }] : [] });
    },
  };
}
