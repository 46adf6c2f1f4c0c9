import { randomUUID } from 'node:crypto';
import type { ChannelCapabilities, ChannelDefinition, ChannelPeer, ChannelSession, NormalizedMessage, OutboundMessage, SessionIO, Storage } from '@guiche/core';
import type { ConformanceInbound, ConformanceOperation, ConformanceOutbound, ConformancePeer } from '@guiche/core/testing';

/** An item the fake outside world received from a session. */
export interface Delivered extends ConformanceOutbound {
  connectionId: number;
  node: string;
  messageId: number;
  toId: string;
  mediaBytes?: number;
  location?: OutboundMessage['location'];
}

/** A waiting list: take() resolves with the next item, in arrival order. */
class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: ((item: T) => void)[] = [];
  readonly all: T[] = [];
  push(item: T): void {
    this.all.push(item);
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }
  take(timeout = 15000): Promise<T> {
    const ready = this.items.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('nothing arrived at the fake peer')), timeout);
      this.waiters.push((item) => {
        clearTimeout(timer);
        resolve(item);
      });
    });
  }
}

/**
 * The fake outside world of the test channel, shared by every kernel ("node") of a test: it sees
 * which node runs a connection, counts starts, can fail starts and sends, and drops connections.
 */
export class FakeWorld {
  readonly outbound = new Inbox<Delivered>();
  readonly operations = new Inbox<ConformanceOperation & { connectionId: number }>();
  /** Read receipts the sessions were asked to send (markRead). */
  readonly reads = new Inbox<{ connectionId: number; toId: string; wids: string[] }>();
  /** Sessions currently started, per connection (more than one would break the lease rule). */
  readonly live = new Map<number, FakeSession[]>();
  readonly starts: { connectionId: number; node: string }[] = [];
  readonly stops: { connectionId: number; node: string }[] = [];
  readonly logouts: number[] = [];
  overlaps = 0;
  failStarts = 0;
  failSends = 0;
  /** Numbers the fake channel knows (number → the id it accepts), for checkNumber. */
  readonly numbers = new Map<string, string>();
  readonly profiles = new Map<string, { name?: string; pictureUrl?: string }>();
  /** The account's address book, for contacts(). */
  addressBook: ChannelPeer[] = [];
  chats: ChannelPeer[] = [];
  /** Sends to these message bodies always fail. */
  readonly rejectBodies = new Set<string>();
  private sent = 0;

  session(connectionId: number): FakeSession | undefined {
    return this.live.get(connectionId)?.[0];
  }

  nextWid(): string {
    return `out-${++this.sent}-${randomUUID().slice(0, 8)}`;
  }
}

export class FakeSession implements ChannelSession {
  constructor(
    readonly world: FakeWorld,
    readonly node: string,
    readonly io: SessionIO,
    /** The kernel's storage, to measure the media it hands over (a storage key). */
    readonly storage: () => Storage,
  ) {}

  get connectionId(): number {
    return this.io.connection.id;
  }

  async start(): Promise<void> {
    this.world.starts.push({ connectionId: this.connectionId, node: this.node });
    if (this.world.failStarts > 0) {
      this.world.failStarts--;
      throw new Error('fake start failure');
    }
    const live = this.world.live.get(this.connectionId) ?? [];
    if (live.length > 0) this.world.overlaps++;
    this.world.live.set(this.connectionId, [...live, this]);
    await this.io.status('CONNECTED', { number: '5511999990000' });
  }

  private leave(): void {
    const live = (this.world.live.get(this.connectionId) ?? []).filter((s) => s !== this);
    this.world.live.set(this.connectionId, live);
  }

  async stop(): Promise<void> {
    this.world.stops.push({ connectionId: this.connectionId, node: this.node });
    this.leave();
  }

  async logout(): Promise<void> {
    this.world.logouts.push(this.connectionId);
    this.leave();
  }

  private assertLive(): void {
    if (!this.world.live.get(this.connectionId)?.includes(this)) throw new Error('fake session is not connected');
  }

  async send(message: OutboundMessage) {
    this.assertLive();
    if (this.world.rejectBodies.has(message.body)) throw new Error('fake peer rejects this message');
    if (this.world.failSends > 0) {
      this.world.failSends--;
      throw new Error('fake transient send failure');
    }
    const wid = this.world.nextWid();
    const mediaBytes = message.media ? (await this.storage().stat(message.media.path))?.size : undefined;
    this.world.outbound.push({
      connectionId: this.connectionId,
      node: this.node,
      messageId: message.messageId,
      toId: message.to.id,
      wid,
      body: message.body,
      ...(message.media ? { media: { mimetype: message.media.mimetype, fileName: message.media.fileName }, mediaBytes } : {}),
      ...(message.location ? { location: message.location } : {}),
    });
    return { wid, ack: 1 as const, data: { fake: { node: this.node, messageId: message.messageId } } };
  }

  async edit(_to: ChannelPeer, wid: string, body: string) {
    this.assertLive();
    this.world.operations.push({ connectionId: this.connectionId, kind: 'edit', wid, body });
  }

  async delete(_to: ChannelPeer, wid: string) {
    this.assertLive();
    this.world.operations.push({ connectionId: this.connectionId, kind: 'delete', wid });
  }

  async react(_to: ChannelPeer, wid: string, emoji: string) {
    this.assertLive();
    this.world.operations.push({ connectionId: this.connectionId, kind: 'react', wid, emoji });
  }

  async checkNumber(number: string) {
    this.assertLive();
    return this.world.numbers.get(number.replace(/\D/g, '')) ?? null;
  }

  async profile(peer: ChannelPeer) {
    this.assertLive();
    return this.world.profiles.get(peer.id) ?? {};
  }

  async contacts() {
    this.assertLive();
    return this.world.addressBook;
  }

  async chats() {
    this.assertLive();
    return this.world.chats;
  }

  async markRead(to: ChannelPeer, wids: string[]) {
    this.assertLive();
    this.world.reads.push({ connectionId: this.connectionId, toId: to.id, wids });
  }

  /** The network dropped: the session notices and asks for a reconnect. */
  drop(): void {
    this.leave();
    void this.io.status('DISCONNECTED');
    this.io.disconnected({ action: 'reconnect', message: 'fake drop' });
  }
}

export const FULL_CAPABILITIES: ChannelCapabilities = {
  edit: true,
  delete: true,
  react: true,
  markRead: false,
  checkNumber: false,
  media: true,
  groups: false,
  presence: true,
};

/** A channel definition whose sessions talk to `world`; `node` labels the kernel that runs it. */
export function fakeChannel(world: FakeWorld, node = 'A', capabilities: ChannelCapabilities = FULL_CAPABILITIES): ChannelDefinition {
  let storage: Storage | undefined;
  return {
    id: 'fake-channel',
    channel: 'webchat',
    planFlag: null,
    capabilities,
    createSession: (_connection, io) =>
      new FakeSession(world, node, io, () => {
        if (!storage) throw new Error('fake channel: session before register');
        return storage;
      }),
    register(ctx) {
      storage = ctx.storage;
    },
  };
}

/** The conformance peer of the fake channel: one contact talking to the connection. */
export function fakePeer(world: FakeWorld, contactId = `visitor-${randomUUID().slice(0, 8)}`): ConformancePeer {
  let connectionId = 0;
  const sent = new Map<string, NormalizedMessage>();
  const live = () => {
    const session = world.session(connectionId);
    if (!session) throw new Error('no live fake session');
    return session;
  };
  return {
    async connect(ctx) {
      connectionId = ctx.connection.id;
    },
    async sendInbound(message: ConformanceInbound) {
      const wid = `in-${randomUUID()}`;
      const normalized: NormalizedMessage = {
        wid,
        fromMe: false,
        timestamp: new Date(),
        peer: { id: contactId, name: 'Visitor' },
        body: 'text' in message ? message.text : (message.caption ?? ''),
        mediaType: 'text' in message ? 'chat' : 'document',
        ...('media' in message ? { media: { data: message.media.data, mimetype: message.media.mimetype, fileName: message.media.fileName } } : {}),
      };
      sent.set(wid, normalized);
      await live().io.inbound(normalized);
      return { wid };
    },
    async replay(wid) {
      await live().io.inbound(sent.get(wid)!);
    },
    expectOutbound: () => world.outbound.take(),
    expectOperation: async () => {
      const { connectionId: _c, ...operation } = await world.operations.take();
      return operation as ConformanceOperation;
    },
    async sendAck(wid, ack) {
      await live().io.ack(wid, ack);
    },
    async drop() {
      live().drop();
    },
  };
}

/** A company with one connection of the fake channel (created through the API). */
export async function createFakeConnection(k: import('@guiche/core/testing').TestKernel, name = 'Fake') {
  const company = await k.createCompany();
  const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name, channel: 'webchat' } });
  if (res.status !== 201) throw new Error(`connection not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { company, connectionId: res.body.id as number };
}

/** The contact writes once through the running session; the ticket that message created. */
export async function inboundTicket(world: FakeWorld, k: import('@guiche/core/testing').TestKernel, connectionId: number, contact = `visitor-${randomUUID().slice(0, 8)}`) {
  const wid = `in-${randomUUID()}`;
  const session = world.session(connectionId);
  if (!session) throw new Error('no live fake session');
  await session.io.inbound({ wid, fromMe: false, timestamp: new Date(), peer: { id: contact, name: 'Visitor' }, body: 'hi', mediaType: 'chat' });
  const row = await k.db('messages').where({ whatsappId: connectionId, wid }).first();
  return { ticketId: row.ticketId as number, inboundId: Number(row.id), wid };
}
