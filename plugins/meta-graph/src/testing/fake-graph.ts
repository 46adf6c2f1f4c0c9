import http from 'node:http';
import { randomBytes, createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { GRAPH_API_VERSION } from '../version.js';
import { signBody } from '../signature.js';
import { whatsappStatus } from './payloads.js';
import { templateSendError } from './fake-template-send.js';

/**
 * A local fake of Meta's Graph API for tests: real HTTP, Meta's wire shapes, Bearer tokens
 * checked (an expired token answers error 190), rate limits and transient media failures on
 * demand, and webhook deliveries signed with the app secret as Meta signs them. Every test of the
 * three Meta channels and the e2e tests share it.
 */
export interface FakeCall {
  method: string;
  path: string;
  /** Path without the version prefix, e.g. "123/messages". */
  route: string;
  query: Record<string, string>;
  token: string | null;
  body: any;
  /** What the fake answered. */
  status?: number;
  response?: any;
}

function graphErrorBody(code: number, message: string): unknown {
  return { error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: 'FAKE' } };
}

export interface FakeMedia {
  data: Buffer;
  mimetype: string;
}

export interface FakeTemplate {
  /** Meta's template id (one is made up when absent). */
  id?: string;
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED… (change it to play a status change). */
  status: string;
  category: string;
  /** POSITIONAL ({{1}}, the default) or NAMED ({{first_name}}). */
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: { type: string; text?: string; format?: string; buttons?: { type: string; text?: string; url?: string }[] }[];
}

export interface FakePhoneNumber {
  display: string;
  verifiedName: string;
  quality?: string;
  messagingLimit?: string;
  legacyTierOnly?: boolean;
}

export interface FakePage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username: string };
}

interface Waiter {
  match: (call: FakeCall) => boolean;
  resolve: (call: FakeCall) => void;
}

export class FakeGraph {
  readonly appSecret = 'fake-app-secret-' + randomBytes(6).toString('hex');
  readonly appId = '1' + Math.floor(Math.random() * 1e12).toString();
  /** Valid access tokens (anything else is 190). */
  readonly tokens = new Set<string>();
  readonly calls: FakeCall[] = [];
  readonly media = new Map<string, FakeMedia>();
  /**
   * WhatsApp Cloud numbers: display number, verified name, and Meta's standing — the quality rating
   * (GREEN by default) and the portfolio's messaging limit (TIER_2K by default; `legacyTierOnly`
   * answers it only as the deprecated messaging_limit_tier, as older numbers do).
   */
  readonly phoneNumbers = new Map<string, FakePhoneNumber>();
  readonly templates = new Map<string, FakeTemplate[]>();
  /** WhatsApp Business Accounts by id: the business portfolio that owns each (`owner_business_info`); an unknown WABA is Graph's error 100. */
  readonly wabas = new Map<string, { portfolioId: string; portfolioName?: string }>();
  readonly pages: FakePage[] = [];
  readonly profiles = new Map<string, Record<string, string>>();
  /** User tokens exchangeable for long-lived ones, and the user's pages. */
  readonly users = new Map<string, { token: string; pageIds: string[] }>();
  /** Recipients outside the 24-hour window: free-form sends without the HUMAN_AGENT tag fail (code 10 / 2018278). */
  readonly windowClosed = new Set<string>();
  /** WhatsApp Cloud recipients Meta cannot deliver to: sends answer 400 code 131026 ("Message undeliverable"). */
  readonly undeliverable = new Set<string>();
  /** Calls the fake answered with an error (not in `calls`, which keeps what Meta accepted). */
  readonly refused: FakeCall[] = [];
  private readonly waiters: Waiter[] = [];
  private readonly consumed = new Set<FakeCall>();
  private server?: http.Server;
  private mediaFailures = 0;
  private rateLimits: { count: number; code: number; status: number }[] = [];
  /** WhatsApp Cloud: where each number's webhooks go, and the statuses not delivered yet (Meta retries until they are). */
  private readonly statusTargets = new Map<string, { wabaId: string; url: string }>();
  private readonly pendingStatuses = new Map<string, Parameters<typeof whatsappStatus>[1][]>();
  private statusChain: Promise<void> = Promise.resolve();
  private heldSends = 0;
  /** Milliseconds each Graph request takes before it is answered (Meta's round trip, for benches). */
  latencyMs = 0;
  private readonly hanging = new Set<http.ServerResponse>();
  url = '';

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res).catch((err) => this.json(res, 500, { error: { message: String(err), code: 1 } })));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.statusTargets.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  newToken(): string {
    const token = 'EAAG' + randomBytes(16).toString('hex');
    this.tokens.add(token);
    return token;
  }

  /** The token is revoked: every call with it answers Graph error 190. */
  expireToken(token: string): void {
    this.tokens.delete(token);
  }

  /** The next n media downloads answer 500 (a transient Graph error). */
  failMediaDownloads(n: number): void {
    this.mediaFailures = n;
  }

  /** The next n message sends answer a rate limit (429 with code 130429 by default; 80007, 131056 also real). */
  rateLimitSends(n: number, code = 130429): void {
    this.rateLimits.push({ count: n, code, status: code === 131056 ? 400 : 429 });
  }

  /**
   * The next n WhatsApp message sends are accepted (the message goes out, its status follows) but
   * never answered: the caller waits on a dead connection, as when it crashes right after Meta took it.
   */
  holdNextSends(n = 1): void {
    this.heldSends += n;
  }

  /**
   * From now on Meta posts the number's message statuses ("sent", echoing biz_opaque_callback_data)
   * to `url`, starting with those it could not deliver before.
   */
  sendStatusesTo(number: { phoneNumberId: string; wabaId: string }, url: string): Promise<void> {
    this.statusTargets.set(number.phoneNumberId, { wabaId: number.wabaId, url });
    return this.flushStatuses(number.phoneNumberId);
  }

  private flushStatuses(phoneNumberId: string): Promise<void> {
    this.statusChain = this.statusChain.then(async () => {
      const target = this.statusTargets.get(phoneNumberId);
      const queue = this.pendingStatuses.get(phoneNumberId) ?? [];
      while (target && queue.length && this.statusTargets.get(phoneNumberId) === target) {
        const status = await this.deliver(target.url, whatsappStatus({ phoneNumberId, wabaId: target.wabaId }, queue[0]!)).catch(() => 0);
        if (status !== 200) return; // delivered again with the next status (Meta's retries)
        queue.shift();
      }
    });
    return this.statusChain;
  }

  private queueStatus(call: FakeCall): void {
    const phoneNumberId = call.route.split('/')[0]!;
    const wamid = call.response?.messages?.[0]?.id;
    if (!wamid || call.body?.status === 'read') return;
    const queue = this.pendingStatuses.get(phoneNumberId) ?? [];
    this.pendingStatuses.set(phoneNumberId, queue);
    queue.push({ id: wamid, status: 'sent', recipientId: String(call.body?.to ?? ''), ...(call.body?.biz_opaque_callback_data ? { bizOpaqueCallbackData: call.body.biz_opaque_callback_data } : {}) });
    void this.flushStatuses(phoneNumberId);
  }

  addMedia(data: Buffer, mimetype: string): string {
    const id = String(1e15 + Math.floor(Math.random() * 1e15));
    this.media.set(id, { data, mimetype });
    return id;
  }

  /** A CDN-style URL for Messenger/Instagram attachments (no token needed), failing like media does. */
  attachmentUrl(data: Buffer, mimetype: string): string {
    return `${this.url}/cdn/${this.addMedia(data, mimetype)}`;
  }

  /** The next call matching (already received and not yet taken, or to come). */
  nextCall(match: (call: FakeCall) => boolean, timeout = 15000): Promise<FakeCall> {
    const ready = this.calls.find((c) => !this.consumed.has(c) && match(c));
    if (ready) {
      this.consumed.add(ready);
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (call) => {
          clearTimeout(timer);
          resolve(call);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error('fake Graph: no matching call arrived'));
      }, timeout);
      this.waiters.push(waiter);
    });
  }

  /** Posts a webhook delivery as Meta does: JSON signed with the app secret (or unsigned / forged). */
  async deliver(url: string, payload: unknown, how: 'signed' | 'unsigned' | 'forged' = 'signed', secret = this.appSecret): Promise<number> {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (how === 'signed') headers['x-hub-signature-256'] = signBody(body, secret);
    if (how === 'forged') headers['x-hub-signature-256'] = signBody(body, 'not-the-app-secret');
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res.status;
  }

  // --- HTTP ---------------------------------------------------------------------------------

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private graphError(res: http.ServerResponse, status: number, code: number, message: string): void {
    this.json(res, status, { error: { message, type: code === 190 ? 'OAuthException' : 'GraphMethodException', code, fbtrace_id: 'FAKE' } });
  }

  private async readBody(req: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = await this.readBody(req);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const query = Object.fromEntries(url.searchParams);
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : (query.access_token ?? null);

    if (url.pathname.startsWith('/cdn/') || url.pathname.startsWith('/whatsapp-media/')) return this.download(url, token, res);
    if (url.pathname === '/sdk.js') return this.sdk(res);

    const prefix = `/${GRAPH_API_VERSION}/`;
    if (!url.pathname.startsWith(prefix)) return this.graphError(res, 400, 2500, 'Unknown path components');
    const route = url.pathname.slice(prefix.length);
    let body: any = null;
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(raw) }).formData();
      body = {};
      const fields: [string, FormDataEntryValue][] = [];
      form.forEach((value, key) => fields.push([key, value]));
      for (const [key, value] of fields) {
        body[key] = typeof value === 'string' ? value : { data: Buffer.from(await value.arrayBuffer()), type: value.type, name: value.name };
      }
    } else if (raw.length) body = JSON.parse(raw.toString('utf8'));
    const call: FakeCall = { method: req.method ?? 'GET', path: url.pathname, route, query, token, body };

    // The token exchange authenticates by the app secret, not a Bearer token.
    if (route === 'oauth/access_token') return this.exchange(call, res);
    if (!token || !this.tokens.has(token)) return this.graphError(res, 401, 190, 'Error validating access token: Session has expired.');

    if (req.method === 'POST' && /\/messages$/.test(route)) {
      const limit = this.rateLimits[0];
      if (limit) {
        if (--limit.count <= 0) this.rateLimits.shift();
        res.setHeader('retry-after', '0');
        return this.graphError(res, limit.status, limit.code, 'Rate limit hit');
      }
    }
    const [status, answer] = this.route(call);
    call.status = status;
    call.response = answer;
    const isWhatsappSend = req.method === 'POST' && /\/messages$/.test(route) && this.phoneNumbers.has(route.split('/')[0]!);
    if (isWhatsappSend && status < 300 && this.heldSends > 0) {
      this.heldSends--;
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
    } else this.json(res, status, answer);
    if (status < 300) this.record(call);
    else this.refused.push(call);
    if (isWhatsappSend && status < 300) this.queueStatus(call);
  }

  private record(call: FakeCall): void {
    this.calls.push(call);
    const index = this.waiters.findIndex((w) => w.match(call));
    if (index >= 0) {
      const [waiter] = this.waiters.splice(index, 1);
      this.consumed.add(call);
      waiter!.resolve(call);
    }
  }

  private download(url: URL, token: string | null, res: http.ServerResponse): void {
    const id = url.pathname.split('/').pop() ?? '';
    const needsToken = url.pathname.startsWith('/whatsapp-media/');
    if (needsToken && (!token || !this.tokens.has(token))) return this.graphError(res, 401, 190, 'Invalid OAuth access token.');
    if (this.mediaFailures > 0) {
      this.mediaFailures--;
      return this.graphError(res, 500, 2, 'Service temporarily unavailable');
    }
    const media = this.media.get(id);
    if (!media) return this.graphError(res, 404, 100, 'media not found');
    res.writeHead(200, { 'content-type': media.mimetype, 'content-length': media.data.length });
    res.end(media.data);
  }

  /**
   * A stand-in for Meta's JS SDK (META_SDK_URL in browser tests): FB.init, and FB.login answering
   * as if `loginAs` logged in and granted the scopes; null → the person closed the dialog.
   */
  loginAs: { userId: string; token: string } | null = null;

  private sdk(res: http.ServerResponse): void {
    const auth = this.loginAs ? JSON.stringify({ userID: this.loginAs.userId, accessToken: this.loginAs.token }) : 'null';
    res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'access-control-allow-origin': '*' });
    res.end(`window.FB = { init: function () {}, login: function (cb, opts) { window.__fbLoginScopes = opts && opts.scope; var a = ${auth}; setTimeout(function () { cb(a ? { status: 'connected', authResponse: a } : { status: 'unknown', authResponse: null }); }, 0); } };`);
  }

  private exchange(call: FakeCall, res: http.ServerResponse): void {
    const { grant_type, client_id, client_secret, fb_exchange_token } = call.query;
    if (grant_type !== 'fb_exchange_token' || client_id !== this.appId || client_secret !== this.appSecret) return this.graphError(res, 400, 101, 'Error validating application.');
    const user = [...this.users.values()].find((u) => u.token === fb_exchange_token);
    if (!user) return this.graphError(res, 400, 190, 'Invalid OAuth access token.');
    const long = this.newToken();
    user.token = long;
    call.status = 200;
    call.response = { access_token: long, token_type: 'bearer', expires_in: 5183944 };
    this.json(res, 200, call.response);
    this.record(call);
  }

  private route(call: FakeCall): [number, unknown] {
    const parts = call.route.split('/');
    const [first, second] = parts;
    // WhatsApp Cloud: the number's info, messages, media.
    if (call.method === 'GET' && parts.length === 1 && this.phoneNumbers.has(first!)) {
      const number = this.phoneNumbers.get(first!)!;
      const tier = number.messagingLimit ?? 'TIER_2K';
      const all: Record<string, unknown> = {
        display_phone_number: number.display,
        verified_name: number.verifiedName,
        quality_rating: number.quality ?? 'GREEN',
        ...(number.legacyTierOnly ? {} : { whatsapp_business_manager_messaging_limit: tier }),
        messaging_limit_tier: tier,
      };
      // Graph answers the fields asked for (and the id); without `fields`, a default set.
      const asked = call.query.fields ? call.query.fields.split(',').map((f) => f.trim()) : ['display_phone_number', 'verified_name', 'quality_rating'];
      return [200, { ...Object.fromEntries(asked.filter((f) => f in all).map((f) => [f, all[f]])), id: first }];
    }
    if (call.method === 'POST' && second === 'messages' && this.phoneNumbers.has(first!)) {
      if (call.body?.status === 'read') return [200, { success: true }];
      if (call.body?.type === 'template') {
        const refused = templateSendError(call.body.template ?? {}, [...this.templates.values()].flat());
        if (refused) return [400, { error: { ...refused, type: 'OAuthException', fbtrace_id: 'FAKE' } }];
      }
      const to = String(call.body?.to ?? '');
      if (this.undeliverable.has(to)) return [400, graphErrorBody(131026, 'Message undeliverable')];
      return [200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${randomBytes(12).toString('hex').toUpperCase()}` }] }];
    }
    if (call.method === 'POST' && second === 'media' && this.phoneNumbers.has(first!)) {
      const file = call.body?.file as { data: Buffer; type: string } | undefined;
      if (!file || call.body?.messaging_product !== 'whatsapp') return [400, graphErrorBody(100, 'Param file is required')];
      return [200, { id: this.addMedia(file.data, file.type || String(call.body.type)) }];
    }
    if (call.method === 'GET' && parts.length === 1 && this.wabas.has(first!)) {
      const waba = this.wabas.get(first!)!;
      return [200, { owner_business_info: { id: waba.portfolioId, name: waba.portfolioName ?? 'Fake Business' }, id: first }];
    }
    if (call.method === 'GET' && second === 'message_templates') {
      // Graph's cursor paging: `limit` per page (25 by default), `after` the last page's cursor, `next` while more follow.
      const status = call.query.status;
      const list = (this.templates.get(first!) ?? []).filter((t) => !status || t.status === status);
      const limit = Math.max(1, Number(call.query.limit) || 25);
      const start = call.query.after ? Number(Buffer.from(call.query.after, 'base64').toString('utf8')) : 0;
      const page = list.slice(start, start + limit).map((t, i) => ({
        name: t.name,
        parameter_format: t.parameter_format ?? 'POSITIONAL',
        components: t.components,
        language: t.language,
        status: t.status,
        category: t.category,
        id: t.id ?? String(7e14 + start + i),
      }));
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64');
      const more = start + limit < list.length;
      return [200, { data: page, paging: { cursors: { before: cursor(start), after: cursor(start + page.length) }, ...(more ? { next: `${this.url}${call.path}?after=${cursor(start + page.length)}&limit=${limit}` } : {}) } }];
    }
    if (call.method === 'GET' && parts.length === 1 && this.media.has(first!)) {
      const media = this.media.get(first!)!;
      return [200, {
        messaging_product: 'whatsapp',
        url: `${this.url}/whatsapp-media/${first}`,
        mime_type: media.mimetype,
        sha256: createHash('sha256').update(media.data).digest('hex'),
        file_size: media.data.length,
        id: first,
      }];
    }
    // Facebook / Instagram.
    if (call.method === 'GET' && second === 'accounts') {
      const user = this.users.get(first!);
      const pages = this.pages.filter((p) => user?.pageIds.includes(p.id));
      return [200, {
        data: pages.map((p) => ({ id: p.id, name: p.name, access_token: p.accessToken, ...(p.instagram ? { instagram_business_account: { id: p.instagram.id, username: p.instagram.username } } : {}) })),
        paging: { cursors: { before: 'b', after: 'a' } },
      }];
    }
    if (call.method === 'POST' && second === 'subscribed_apps') return [200, { success: true }];
    if (call.method === 'POST' && second === 'messages') {
      // Multipart sends (Messenger "filedata") carry recipient and message as JSON strings.
      for (const key of ['recipient', 'message'] as const) if (typeof call.body?.[key] === 'string') call.body[key] = JSON.parse(call.body[key]);
      const recipient = String(call.body?.recipient?.id ?? '');
      const limit = this.windowClosed.has(recipient) && call.body?.tag !== 'HUMAN_AGENT';
      if (limit) return [400, { error: { message: 'This message is sent outside of allowed window.', type: 'OAuthException', code: 10, error_subcode: 2018278, fbtrace_id: 'FAKE' } }];
      if (call.body?.sender_action) return [200, { recipient_id: recipient }];
      return [200, { recipient_id: recipient, message_id: `m_${randomBytes(16).toString('hex')}` }];
    }
    const page = this.pages.find((p) => p.id === first || p.instagram?.id === first);
    if (call.method === 'GET' && parts.length === 1 && page) {
      return [200, page.id === first ? { id: first, name: page.name } : { id: first, username: page.instagram!.username }];
    }
    if (call.method === 'GET' && parts.length === 1 && this.profiles.has(first!)) return [200, { id: first, ...this.profiles.get(first!) }];
    return [400, graphErrorBody(100, `Unsupported request: ${call.method} ${call.route}`)];
  }
}
