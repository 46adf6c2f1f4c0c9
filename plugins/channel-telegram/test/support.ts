import { startFakeTelegram, type ConformanceContext, type ConformanceInbound, type ConformanceOperation, type ConformanceOutbound, type ConformancePeer, type FakeBot, type FakeTelegram, type TelegramCall, type TelegramUser } from '@guiche/core/testing';

/** Env the plugin reads (set before any kernel starts): the fake's URL; webhook mode takes a public https URL. */
export function useFakeTelegramEnv(fake: FakeTelegram, mode: 'webhook' | 'polling'): void {
  process.env.TELEGRAM_API_URL = fake.url;
  process.env.TELEGRAM_POLL_TIMEOUT = '1';
  if (mode === 'webhook') process.env.PUBLIC_URL = 'https://guiche.example.com';
  else delete process.env.PUBLIC_URL;
}

export async function saveToken(ctx: Pick<ConformanceContext, 'kernel'>, adminToken: string, connectionId: number, token: string) {
  return ctx.kernel.api('PUT', `/telegram/${connectionId}/bot`, { token: adminToken, body: { token } });
}

const isSend = (bot: FakeBot) => (c: TelegramCall) => c.token === bot.token && c.ok && /^send/.test(c.method);
const OPERATIONS = ['editMessageText', 'deleteMessage', 'setMessageReaction'];

/** A Telegram user writing to the connection's bot, through the fake Bot API. */
export class TelegramPeer implements ConformancePeer {
  fake!: FakeTelegram;
  bot!: FakeBot;
  user!: TelegramUser;
  ctx!: ConformanceContext;
  /** Telegram reports no receipts to bots: a message is "sent" (1) once the Bot API answered it. */
  readonly acks = [1] as const;
  private readonly updates = new Map<string, Record<string, any>>();

  constructor(readonly mode: 'webhook' | 'polling') {}

  async setup(): Promise<void> {
    this.fake = await startFakeTelegram();
    useFakeTelegramEnv(this.fake, this.mode);
    this.bot = this.fake.createBot();
    this.user = this.fake.createUser();
  }

  async connect(ctx: ConformanceContext): Promise<void> {
    this.ctx = ctx;
    this.fake.webhookOrigin = ctx.kernel.url;
    const res = await saveToken(ctx, ctx.company.admin.token, ctx.connection.id, this.bot.token);
    if (res.status !== 200) throw new Error(`token refused: ${res.status} ${JSON.stringify(res.body)}`);
    if (this.mode === 'webhook') {
      const set = await this.fake.nextCall((c) => c.token === this.bot.token && c.method === 'setWebhook');
      if (!set.params.secret_token || !String(set.params.url).endsWith(`/api/telegram/webhook/${ctx.connection.id}`)) throw new Error(`setWebhook without its secret or URL: ${JSON.stringify(set.params)}`);
    }
  }

  async sendContent(content: Record<string, any>): Promise<{ wid: string }> {
    const { update, status } = await this.fake.message(this.bot, this.user, content);
    if (this.mode === 'webhook' && status !== 200) throw new Error(`webhook answered ${status}`);
    const wid = `${update.message.chat.id}:${update.message.message_id}`;
    this.updates.set(wid, update);
    return { wid };
  }

  sendInbound(message: ConformanceInbound): Promise<{ wid: string }> {
    if ('text' in message) return this.sendContent({ text: message.text });
    const file = this.fake.addFile(message.media.data, `documents/${message.media.fileName}`);
    return this.sendContent({ document: { ...file, file_name: message.media.fileName, mime_type: message.media.mimetype }, ...(message.caption ? { caption: message.caption } : {}) });
  }

  async replay(wid: string): Promise<void> {
    const status = await this.fake.deliver(this.bot, this.updates.get(wid)!);
    if (this.mode === 'webhook' && status !== 200) throw new Error(`replay answered ${status}`);
  }

  async expectOutbound(): Promise<ConformanceOutbound> {
    const call = await this.fake.nextCall(isSend(this.bot));
    const file = Object.values(call.files)[0];
    return { wid: `${call.result.chat.id}:${call.result.message_id}`, body: call.params.text ?? call.params.caption ?? '', ...(file ? { media: { mimetype: file.mimetype, fileName: file.fileName } } : {}) };
  }

  /** The user blocks the bot: Telegram answers 403 "bot was blocked by the user" to every send. */
  async refuseRecipient() {
    this.fake.blocked.add(this.user.id);
    return {
      attempts: (body: string) => this.fake.calls.filter((c) => c.token === this.bot.token && c.method === 'sendMessage' && c.params.text === body).length,
      restore: async () => void this.fake.blocked.delete(this.user.id),
    };
  }

  async expectOperation(): Promise<ConformanceOperation> {
    const call = await this.fake.nextCall((c) => c.token === this.bot.token && c.ok && OPERATIONS.includes(c.method));
    const wid = `${call.params.chat_id}:${call.params.message_id}`;
    if (call.method === 'editMessageText') return { kind: 'edit', wid, body: call.params.text };
    if (call.method === 'deleteMessage') return { kind: 'delete', wid };
    return { kind: 'react', wid, emoji: call.params.reaction[0]?.emoji ?? '' };
  }

  /** Nothing to report: the only receipt is the Bot API's answer to the send. */
  async sendAck(): Promise<void> {}

  async drop(): Promise<void> {
    if (this.mode === 'polling') {
      // The poller's connection breaks (502 from Telegram's edge).
      await waitUntil(() => this.fake.interruptPoll(this.bot));
      return;
    }
    // A webhook bot keeps no connection open: a restart is its nearest thing to a drop.
    const res = await this.ctx.kernel.api('POST', '/whatsapp-restart/', { token: this.ctx.company.admin.token });
    if (res.status >= 300) throw new Error(`restart refused: ${res.status}`);
  }

  get webhook() {
    if (this.mode === 'polling') return undefined;
    const update = () => ({ message: { message_id: 999_999, from: this.user, chat: { id: this.user.id, type: 'private' }, date: Math.floor(Date.now() / 1000), text: 'forged' } });
    return {
      sendUnsigned: async () => (await this.fake.deliver(this.bot, update(), { secretToken: null }))!,
      sendForged: async () => (await this.fake.deliver(this.bot, update(), { secretToken: 'not-the-secret-token-of-this-bot' }))!,
    };
  }

  async teardown(): Promise<void> {
    await this.fake.close();
  }
}

/** Polls a synchronous condition (the poller is between two getUpdates calls for a moment). */
async function waitUntil(check: () => boolean, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
