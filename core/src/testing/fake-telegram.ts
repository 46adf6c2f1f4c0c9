import { randomBytes } from 'node:crypto';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from './fake-server.js';

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), speaking its JSON:
 * POST/GET /bot<token>/<method> with parameters as JSON, a form or multipart; every answer is
 * { ok: true, result } or { ok: false, error_code, description, parameters? }; files are fetched
 * from /file/bot<token>/<file_path> after getFile. Updates reach a bot by its webhook (POSTed with
 * the X-Telegram-Bot-Api-Secret-Token header) when one is set, else wait for getUpdates.
 */

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface FakeBot {
  token: string;
  user: TelegramUser;
  webhook: { url: string; secretToken?: string } | null;
  /** Updates not yet confirmed by a getUpdates offset (long polling). */
  pending: Record<string, any>[];
  nextUpdateId: number;
  nextMessageId: number;
}

/** A method call a bot made, with the parameters as Telegram read them and what it answered. */
export interface TelegramCall {
  token: string;
  method: string;
  params: Record<string, any>;
  /** Files sent as multipart fields (photo, document, voice…). */
  files: Record<string, { data: Buffer; mimetype: string; fileName: string }>;
  ok: boolean;
  result?: any;
}

export interface FakeTelegram {
  url: string;
  server: FakeServer;
  calls: TelegramCall[];
  createBot(username?: string): FakeBot;
  /** A Telegram user who writes to bots (private chat id = user id). */
  createUser(firstName?: string): TelegramUser;
  /** Stores a file and answers its file_id, file_unique_id and file_size (for PhotoSize, Document…). */
  addFile(data: Buffer, filePath: string): { file_id: string; file_unique_id: string; file_size: number };
  /** A private message from `from` to the bot (message_id and date filled in); its Update is delivered. */
  message(bot: FakeBot, from: TelegramUser, content: Record<string, any>): Promise<{ update: Record<string, any>; status: number | null }>;
  /** Delivers an update (update_id filled in): the webhook's HTTP status, or null when queued for getUpdates. */
  deliver(bot: FakeBot, update: Record<string, any>, options?: { secretToken?: string | null }): Promise<number | null>;
  /** Resolves with the next call (after those already seen by earlier nextCall) matching `match`. */
  nextCall(match: (call: TelegramCall) => boolean, timeoutMs?: number): Promise<TelegramCall>;
  /** Chats that blocked the bot: sends to them answer 403 "Forbidden: bot was blocked by the user". */
  blocked: Set<number>;
  /** The next `count` calls of `method` answer 429 with parameters.retry_after. */
  throttle(method: string, count: number, retryAfter: number): void;
  /** Ends the bot's waiting getUpdates with 502 Bad Gateway (a dropped connection, as the poller sees it). */
  interruptPoll(bot: FakeBot): boolean;
  /** Webhook URLs are rewritten with this origin before posting (Telegram would call the public https URL). */
  webhookOrigin: string | null;
  close(): Promise<void>;
}

const fail = (code: number, description: string, parameters?: Record<string, unknown>): FakeReply => ({ status: code, json: { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) } });
const ok = (result: unknown): FakeReply => ({ json: { ok: true, result } });

async function paramsOf(request: FakeRequest): Promise<{ params: Record<string, any>; files: TelegramCall['files'] }> {
  const params: Record<string, any> = Object.fromEntries(request.query);
  const files: TelegramCall['files'] = {};
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) Object.assign(params, request.json ?? {});
  else if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(request.raw) }).formData();
    const entries: [string, FormDataEntryValue][] = [];
    form.forEach((value, key) => entries.push([key, value]));
    for (const [key, value] of entries) {
      if (typeof value === 'string') params[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
      else files[key] = { data: Buffer.from(await value.arrayBuffer()), mimetype: value.type, fileName: value.name };
    }
  }
  return { params, files };
}

const SENDS: Record<string, string> = { sendPhoto: 'photo', sendDocument: 'document', sendVoice: 'voice', sendVideo: 'video', sendAudio: 'audio', sendSticker: 'sticker' };

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const server = await startFakeServer();
  const bots = new Map<string, FakeBot>();
  const files = new Map<string, { data: Buffer; path: string; uniqueId: string }>();
  const calls: TelegramCall[] = [];
  const seen = new Set<TelegramCall>();
  const waiters = new Set<() => void>();
  const pollers = new Map<string, (dropped?: boolean) => void>();
  const throttles = new Map<string, { count: number; retryAfter: number }>();
  const blocked = new Set<number>();
  let nextId = 7_000_000_000 + Math.floor(Math.random() * 1e8);
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  function messageFor(bot: FakeBot, chatId: number, content: Record<string, any>): Record<string, any> {
    return { message_id: bot.nextMessageId++, from: bot.user, chat: { id: chatId, type: 'private' }, date: Math.floor(Date.now() / 1000), ...content };
  }

  async function method(bot: FakeBot, name: string, params: Record<string, any>, sent: TelegramCall['files']): Promise<FakeReply> {
    const throttle = throttles.get(name);
    if (throttle && throttle.count > 0) {
      throttle.count--;
      return fail(429, `Too Many Requests: retry after ${throttle.retryAfter}`, { retry_after: throttle.retryAfter });
    }
    const chatId = Number(params.chat_id);
    if (params.chat_id !== undefined && blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user');
    const replyTo = params.reply_parameters?.message_id ?? params.reply_to_message_id;
    const reply = replyTo ? { reply_to_message: { message_id: Number(replyTo), chat: { id: chatId, type: 'private' }, date: 0 } } : {};
    switch (name) {
      case 'getMe':
        return ok(bot.user);
      case 'setWebhook':
        if (!/^https:\/\//.test(String(params.url ?? ''))) return fail(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        bot.webhook = { url: String(params.url), ...(params.secret_token ? { secretToken: String(params.secret_token) } : {}) };
        return ok(true);
      case 'deleteWebhook':
        bot.webhook = null;
        return ok(true);
      case 'getWebhookInfo':
        return ok({ url: bot.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: bot.pending.length });
      case 'getUpdates': {
        if (bot.webhook) return fail(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
        const offset = Number(params.offset ?? 0);
        if (offset) bot.pending = bot.pending.filter((u) => u.update_id >= offset);
        if (!bot.pending.length && Number(params.timeout) > 0) {
          const dropped = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), Number(params.timeout) * 1000);
            pollers.set(bot.token, (drop = false) => {
              clearTimeout(timer);
              resolve(drop);
            });
          });
          pollers.delete(bot.token);
          if (dropped) return fail(502, 'Bad Gateway');
        }
        return ok(bot.pending.slice(0, Number(params.limit ?? 100)));
      }
      case 'getFile': {
        const file = files.get(String(params.file_id));
        if (!file) return fail(400, 'Bad Request: invalid file_id');
        return ok({ file_id: params.file_id, file_unique_id: file.uniqueId, file_size: file.data.length, file_path: file.path });
      }
      case 'sendMessage':
        if (!params.text) return fail(400, 'Bad Request: message text is empty');
        return ok(messageFor(bot, chatId, { text: String(params.text), ...reply }));
      case 'sendLocation':
        return ok(messageFor(bot, chatId, { location: { latitude: Number(params.latitude), longitude: Number(params.longitude) }, ...reply }));
      case 'editMessageText':
        return ok(messageFor(bot, chatId, { message_id: Number(params.message_id), text: String(params.text), edit_date: Math.floor(Date.now() / 1000) }));
      case 'deleteMessage':
      case 'setMessageReaction':
        return ok(true);
      default: {
        const field = SENDS[name];
        if (!field) return fail(404, 'Not Found');
        const file = sent[field];
        if (!file && typeof params[field] !== 'string') return fail(400, `Bad Request: there is no ${field} in the request`);
        const stored = file ? addFile(file.data, `${field}s/file_${files.size}`) : { file_id: String(params[field]), file_unique_id: 'u', file_size: 0 };
        const media = field === 'photo' ? [{ ...stored, width: 320, height: 240 }] : { ...stored, ...(file ? { file_name: file.fileName, mime_type: file.mimetype } : {}) };
        return ok(messageFor(bot, chatId, { [field]: media, ...(params.caption ? { caption: String(params.caption) } : {}), ...reply }));
      }
    }
  }

  server.route('POST', /^\/bot([^/]+)\/(\w+)$/, (request) => handle(request));
  server.route('GET', /^\/bot([^/]+)\/(\w+)$/, (request) => handle(request));
  async function handle(request: FakeRequest): Promise<FakeReply> {
    const [token, name] = request.params as [string, string];
    const bot = bots.get(token);
    if (!bot) return fail(401, 'Unauthorized');
    const { params, files: sent } = await paramsOf(request);
    const reply = await method(bot, name, params, sent);
    const body = reply === 'hang' ? undefined : (reply.json as { ok: boolean; result?: unknown });
    const call: TelegramCall = { token, method: name, params, files: sent, ok: Boolean(body?.ok), result: body?.result };
    calls.push(call);
    wake();
    return reply;
  }
  server.route('GET', /^\/file\/bot([^/]+)\/(.+)$/, (request) => {
    const [token, path] = request.params as [string, string];
    const file = [...files.values()].find((f) => f.path === path);
    if (!bots.has(token) || !file) return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
    return { body: file.data, headers: { 'content-type': 'application/octet-stream' } };
  });

  function addFile(data: Buffer, filePath: string) {
    const id = `AgAC${randomBytes(12).toString('base64url')}`;
    const uniqueId = `AQAD${randomBytes(6).toString('base64url')}`;
    files.set(id, { data, path: filePath, uniqueId });
    return { file_id: id, file_unique_id: uniqueId, file_size: data.length };
  }

  const fake: FakeTelegram = {
    url: server.url,
    server,
    calls,
    blocked,
    webhookOrigin: null,
    createBot(username = `guiche_${randomBytes(3).toString('hex')}_bot`) {
      const id = nextId++;
      const bot: FakeBot = { token: `${id}:AA${randomBytes(25).toString('base64url').slice(0, 33)}`, user: { id, is_bot: true, first_name: 'Guichê Bot', username }, webhook: null, pending: [], nextUpdateId: 100_000_000 + Math.floor(Math.random() * 1e6), nextMessageId: 1 };
      bots.set(bot.token, bot);
      return bot;
    },
    createUser(firstName = 'Maria') {
      return { id: nextId++, is_bot: false, first_name: firstName, last_name: 'Telegram', username: `user${randomBytes(3).toString('hex')}`, language_code: 'pt-br' };
    },
    addFile,
    async message(bot, from, content) {
      const update = { message: { message_id: bot.nextMessageId++, from, chat: { id: from.id, first_name: from.first_name, last_name: from.last_name, username: from.username, type: 'private' }, date: Math.floor(Date.now() / 1000), ...content } };
      const status = await fake.deliver(bot, update);
      return { update, status };
    },
    async deliver(bot, update, options = {}) {
      const full = { update_id: update.update_id ?? bot.nextUpdateId++, ...update };
      if (!bot.webhook) {
        bot.pending.push(full);
        pollers.get(bot.token)?.();
        return null;
      }
      const url = fake.webhookOrigin ? fake.webhookOrigin + new URL(bot.webhook.url).pathname : bot.webhook.url;
      const secret = options.secretToken === undefined ? bot.webhook.secretToken : options.secretToken;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) }, body: JSON.stringify(full) });
      await res.arrayBuffer();
      return res.status;
    },
    nextCall(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const call = calls.find((c) => !seen.has(c) && match(c));
          if (!call) return;
          seen.add(call);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(call);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching Bot API call within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    interruptPoll(bot) {
      const poll = pollers.get(bot.token);
      poll?.(true);
      return Boolean(poll);
    },
    throttle(name, count, retryAfter) {
      throttles.set(name, { count, retryAfter });
    },
    async close() {
      for (const poll of pollers.values()) poll();
      await server.close();
    },
  };
  return fake;
}
