import { randomBytes } from 'node:crypto';
import type { ConformanceContext, ConformanceInbound, ConformanceOutbound, ConformancePeer } from '@guiche/core/testing';
import { savePage, type MessengerKind } from '../messenger/pages.js';
import { FakeGraph, type FakeCall, type FakePage } from './fake-graph.js';
import { messagingEnvelope, messagingMessage } from './payloads.js';

/** Env the Meta plugins read, pointed at the fake (set before any kernel starts). */
export function useFakeGraphEnv(fake: FakeGraph): void {
  process.env.META_GRAPH_URL = fake.url;
  process.env.META_SECRETS_KEY = 'test-secrets-key';
  process.env.META_RETRY_BACKOFF_MS = '50';
  process.env.META_GRAPH_BACKOFF_MS = '20';
  process.env.META_APP_ID = fake.appId;
  process.env.META_APP_SECRET = fake.appSecret;
  process.env.META_VERIFY_TOKEN = 'app-verify-token';
}

export const randomDigits = (n: number): string => String(Math.floor(Math.random() * 9) + 1) + Array.from({ length: n - 1 }, () => Math.floor(Math.random() * 10)).join('');

/** A page with an Instagram business account, a user who manages it, and a person who writes to it. */
export function newFakePage(fake: FakeGraph, name = 'Guichê Page'): FakePage & { userId: string; userToken: string } {
  const page: FakePage = { id: randomDigits(15), name, accessToken: fake.newToken(), instagram: { id: '1784' + randomDigits(13), username: 'guiche_' + randomBytes(3).toString('hex') } };
  fake.pages.push(page);
  const userId = randomDigits(15);
  const userToken = 'EAAshort' + randomBytes(12).toString('hex');
  fake.users.set(userId, { token: userToken, pageIds: [page.id] });
  return { ...page, userId, userToken };
}

/** Someone writing to a page on Messenger or to an account on Instagram, as Meta's webhooks carry it. */
export class MessengerPeer implements ConformancePeer {
  readonly fake = new FakeGraph();
  page!: ReturnType<typeof newFakePage>;
  ctx!: ConformanceContext;
  readonly senderId = randomDigits(16);
  readonly acks = [2, 3] as const;
  private readonly payloads = new Map<string, unknown>();

  constructor(readonly kind: MessengerKind) {}

  get object(): 'page' | 'instagram' {
    return this.kind === 'facebook' ? 'page' : 'instagram';
  }

  /** The page id (Messenger) or the Instagram account id: entry.id and the recipient of inbound events. */
  get ownId(): string {
    return this.kind === 'facebook' ? this.page.id : this.page.instagram!.id;
  }

  async setup(): Promise<void> {
    await this.fake.start();
    useFakeGraphEnv(this.fake);
    this.page = newFakePage(this.fake);
    this.fake.profiles.set(this.senderId, this.kind === 'facebook' ? { first_name: 'Maria', last_name: 'Souza', profile_pic: `${this.fake.url}/cdn/pic` } : { name: 'Maria IG', username: 'maria.ig', profile_pic: `${this.fake.url}/cdn/pic` });
  }

  /** Links the page to the kit's connection as POST /facebook would, then "try again" starts it. */
  async connect(ctx: ConformanceContext): Promise<void> {
    this.ctx = ctx;
    await savePage(ctx.kernel.db, { connectionId: ctx.connection.id, companyId: ctx.connection.companyId, kind: this.kind, metaId: this.ownId, pageId: this.page.id, name: this.page.name, pageToken: this.page.accessToken });
    const res = await ctx.kernel.api('POST', `/whatsappsession/${ctx.connection.id}`, { token: ctx.company.admin.token });
    if (res.status >= 300) throw new Error(`start refused: ${res.status}`);
  }

  url(): string {
    return `${this.ctx.kernel.apiUrl}/${this.kind}/webhook`;
  }

  deliver(payload: unknown, how: 'signed' | 'unsigned' | 'forged' = 'signed'): Promise<number> {
    return this.fake.deliver(this.url(), payload, how);
  }

  async message(message: Record<string, unknown>, options: { mid?: string; echo?: boolean; sender?: string } = {}): Promise<{ wid: string }> {
    const { mid, payload } = messagingMessage(this.object, this.ownId, options.sender ?? this.senderId, message, options);
    this.payloads.set(mid, payload);
    const status = await this.deliver(payload);
    if (status !== 200) throw new Error(`webhook answered ${status}`);
    return { wid: mid };
  }

  async event(event: Record<string, unknown>): Promise<void> {
    const status = await this.deliver(messagingEnvelope(this.object, this.ownId, { sender: { id: this.senderId }, recipient: { id: this.ownId }, ...event }));
    if (status !== 200) throw new Error(`webhook answered ${status}`);
  }

  sendInbound(message: ConformanceInbound): Promise<{ wid: string }> {
    if ('text' in message) return this.message({ text: message.text });
    const url = this.fake.attachmentUrl(message.media.data, message.media.mimetype);
    return this.message({ ...(message.caption ? { text: message.caption } : {}), attachments: [{ type: 'file', payload: { url } }] });
  }

  async replay(wid: string): Promise<void> {
    const status = await this.deliver(this.payloads.get(wid));
    if (status !== 200) throw new Error(`replay answered ${status}`);
  }

  isSend = (c: FakeCall): boolean => c.method === 'POST' && c.route === `${this.ownId}/messages` && Boolean(c.body?.message);

  async expectOutbound(): Promise<ConformanceOutbound> {
    const call = await this.fake.nextCall(this.isSend);
    const message = call.body.message;
    return { wid: call.response.message_id, body: message.text ?? '' };
  }

  async sendAck(wid: string, ack: 1 | 2 | 3 | 4): Promise<void> {
    if (ack === 2) await this.event({ delivery: { mids: [wid], watermark: Date.now() } });
    if (ack === 3) await this.event(this.kind === 'facebook' ? { read: { watermark: Date.now() } } : { read: { mid: wid } });
  }

  async drop(): Promise<void> {
    const res = await this.ctx.kernel.api('POST', '/whatsapp-restart/', { token: this.ctx.company.admin.token });
    if (res.status >= 300) throw new Error(`restart refused: ${res.status}`);
  }

  readonly webhook = {
    sendUnsigned: () => this.deliver(messagingMessage(this.object, this.ownId, this.senderId, { text: 'unsigned' }).payload, 'unsigned'),
    sendForged: () => this.deliver(messagingMessage(this.object, this.ownId, this.senderId, { text: 'forged' }).payload, 'forged'),
  };

  async teardown(): Promise<void> {
    await this.fake.stop();
  }
}
