/**
 * The channel conformance kit (ARCHITECTURE §3): every channel plugin's test suite calls
 *
 *   runChannelConformance({ channel, peer })
 *
 * inside a vitest file. It starts a real test kernel (PostgreSQL + Redis) with the channel plugin,
 * creates a company and a connection of that channel through the API, and drives the channel from
 * the other side through `peer`, which the channel's test implements against its fake outside
 * world (a fake Baileys socket, a fake Graph API, a visitor's socket):
 *
 * - connect(ctx)          the kit created the connection (ctx.connection: id, token, channel,
 *                         companyId; ctx.kernel): let the channel's session for it connect (e.g.
 *                         "scan" the QR). The kit then waits for the stored status CONNECTED.
 * - sendInbound(message)  the contact sends { text } or { media: { data, mimetype, fileName },
 *                         caption? }; resolves with the channel message id (wid) the session will
 *                         hand to io.inbound. Always from the same contact.
 * - replay(wid)           the same inbound delivered again (webhook retry, Baileys replay).
 * - expectOutbound()      the next message the channel delivered to the contact, in delivery
 *                         order: { wid, body, media? } (wid as SendResult reported it).
 * - expectOperation()     the next edit / delete / reaction delivered: { kind: 'edit', wid, body }
 *                         | { kind: 'delete', wid } | { kind: 'react', wid, emoji }. Required when
 *                         the channel's capabilities enable edit, delete or react.
 * - sendAck(wid, ack)     the contact's side reports a receipt (1 sent, 2 delivered, 3 read,
 *                         4 played) for a message the company sent; `acks` lists those it has.
 * - drop()                cut the connection (network drop, socket closed). The channel must notice,
 *                         report a reconnectable disconnect, and later connects must succeed.
 * - webhook?              for webhook channels: sendUnsigned() / sendForged() post a request
 *                         without / with a wrong signature and resolve with the HTTP status.
 * - setup?() / teardown?() around the whole suite.
 *
 * What it checks: the session connects; inbound text and media become a ticket with messages (media
 * stored byte for byte); agent messages reach the contact in order and get their wid; acks 1..4
 * reach the stored message; edit, delete and reaction when the capabilities say so; reconnect after
 * a drop, then delivery resumes both ways; a replay changes nothing; signature rejection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events } from '@guiche/contracts';
import type { PluginDefinition } from '../plugin-sdk/types.js';
import type { ChannelDefinition, ChannelName } from '../channels/types.js';
import { defineChannel } from '../channels/define-channel.js';
import { createTestKernel, type TestCompany, type TestKernel, type TestKernelOptions } from './test-kernel.js';
import { nextEvent, waitFor } from './wait.js';

export interface ConformanceConnection {
  id: number;
  companyId: number;
  token: string;
  channel: ChannelName;
}

export interface ConformanceContext {
  kernel: TestKernel;
  company: TestCompany;
  connection: ConformanceConnection;
}

export type ConformanceInbound = { text: string } | { media: { data: Buffer; mimetype: string; fileName: string }; caption?: string };

export interface ConformanceOutbound {
  wid: string;
  body: string;
  media?: { mimetype: string; fileName: string };
}

export type ConformanceOperation =
  | { kind: 'edit'; wid: string; body: string }
  | { kind: 'delete'; wid: string }
  | { kind: 'react'; wid: string; emoji: string };

export interface ConformancePeer {
  setup?(): Promise<void>;
  connect(ctx: ConformanceContext): Promise<void>;
  sendInbound(message: ConformanceInbound): Promise<{ wid: string }>;
  replay(wid: string): Promise<void>;
  expectOutbound(): Promise<ConformanceOutbound>;
  expectOperation?(): Promise<ConformanceOperation>;
  sendAck(wid: string, ack: 1 | 2 | 3 | 4): Promise<void>;
  drop(): Promise<void>;
  webhook?: { sendUnsigned(): Promise<number>; sendForged(): Promise<number> };
  /**
   * The receipts the channel's outside world can report, in order (default 1..4). The Graph APIs
   * have no "played" (WhatsApp Cloud: sent, delivered, read; Messenger and Instagram: delivered, read).
   */
  acks?: readonly (1 | 2 | 3 | 4)[];
  /**
   * Channels whose outside world says "never" (the contact blocked the bot, no such recipient): make
   * the contact refuse for good; `attempts(body)` counts the sends of that body the outside world
   * received, `restore()` undoes it. The kit expects one attempt and the message failed (PermanentSendError).
   */
  refuseRecipient?(): Promise<{ attempts(body: string): number; restore(): Promise<void> }>;
  teardown?(): Promise<void>;
}

export interface ConformanceOptions {
  channel: ChannelDefinition | PluginDefinition;
  peer: ConformancePeer;
  /** Extra options of the test kernel (e.g. { embedded: true }). */
  kernel?: TestKernelOptions;
  /** How long each wait may take, ms (default 15000). */
  timeout?: number;
}

function isChannelDefinition(value: ChannelDefinition | PluginDefinition): value is ChannelDefinition {
  return typeof (value as ChannelDefinition).createSession === 'function';
}

export function runChannelConformance({ channel, peer, kernel: kernelOptions, timeout = 15000 }: ConformanceOptions): void {
  const plugin = isChannelDefinition(channel) ? defineChannel(channel) : channel;
  const state: { k?: TestKernel; ctx?: ConformanceContext; ticketId?: number; inboundId?: number; inboundWid?: string } = {};
  let capabilities: ChannelDefinition['capabilities'] | undefined = isChannelDefinition(channel) ? channel.capabilities : undefined;

  const ctx = (): ConformanceContext => {
    if (!state.ctx) throw new Error('conformance kernel not started');
    return state.ctx;
  };
  const db = () => ctx().kernel.db;
  const sender = () => ctx().kernel.kernel.core.channels.sender;
  const stored = (wid: string) => db()('messages').where({ whatsappId: ctx().connection.id, wid }).first();
  const waitStored = (wid: string) => waitFor(() => stored(wid), { timeout });

  async function agentSends(body: string): Promise<{ id: number; outbound: ConformanceOutbound }> {
    const { id } = await sender().send({ companyId: ctx().company.company.id, ticketId: state.ticketId!, userId: ctx().company.admin.user.id, body });
    const outbound = await peer.expectOutbound();
    await waitFor(async () => (await db()('messages').where({ id }).first())?.sendStatus === 'sent', { timeout });
    return { id, outbound };
  }

  describe(`channel conformance: ${plugin.id}${kernelOptions?.embedded ? ' (embedded)' : ''}`, () => {
    beforeAll(async () => {
      await peer.setup?.();
      const k = await createTestKernel({ ...kernelOptions, plugins: [...(kernelOptions?.plugins ?? []), plugin] });
      state.k = k;
      const definition = k.kernel.core.channels.definitions().find((d) => d.id === plugin.id);
      if (!definition) throw new Error(`the plugin "${plugin.id}" registered no channel`);
      capabilities = definition.capabilities;
      const company = await k.createCompany();
      const res = await k.api('POST', '/whatsapp', { token: company.admin.token, body: { name: 'Conformance', channel: definition.channel } });
      if (res.status !== 200 && res.status !== 201) throw new Error(`connection not created: ${res.status} ${JSON.stringify(res.body)}`);
      const connection = { id: res.body.id, companyId: company.company.id, token: (await k.db('whatsapps').where({ id: res.body.id }).first('token')).token as string, channel: definition.channel };
      state.ctx = { kernel: k, company, connection };
      await peer.connect(state.ctx);
    });
    afterAll(async () => {
      await state.k?.close();
      await peer.teardown?.();
    });

    it('connects: the stored status becomes CONNECTED', async () => {
      await waitFor(async () => (await db()('whatsapps').where({ id: ctx().connection.id }).first('status'))?.status === 'CONNECTED', { timeout });
    });

    it('an inbound text becomes a ticket with the message', async () => {
      const text = `hello ${Date.now()}`;
      const { wid } = await peer.sendInbound({ text });
      const row = await waitStored(wid);
      expect(row).toMatchObject({ body: text, fromMe: false, mediaType: 'chat', companyId: ctx().company.company.id });
      const ticket = await db()('tickets').where({ id: row.ticketId }).first();
      expect(ticket).toMatchObject({ companyId: ctx().company.company.id, whatsappId: ctx().connection.id, contactId: row.contactId });
      expect(['pending', 'open', 'group']).toContain(ticket.status);
      Object.assign(state, { ticketId: ticket.id, inboundId: Number(row.id), inboundWid: wid });
    });

    it('an inbound media message is stored with its file', async () => {
      const data = Buffer.from(`%PDF-1.4 conformance ${Date.now()}`);
      const { wid } = await peer.sendInbound({ media: { data, mimetype: 'application/pdf', fileName: 'conformance.pdf' }, caption: 'the file' });
      const row = await waitStored(wid);
      expect(row.ticketId).toBe(state.ticketId);
      expect(row.mediaType).not.toBe('chat');
      expect(row.mediaUrl).toBeTruthy();
      expect((await ctx().kernel.kernel.core.storage.read(row.mediaUrl)).equals(data)).toBe(true);
    });

    it('agent messages reach the contact in order, each with its channel id', async () => {
      const bodies = Array.from({ length: 5 }, (_, i) => `ordered ${i + 1}`);
      const ids: number[] = [];
      for (const body of bodies) {
        const { id } = await sender().send({ companyId: ctx().company.company.id, ticketId: state.ticketId!, userId: ctx().company.admin.user.id, body });
        ids.push(id);
      }
      const received: ConformanceOutbound[] = [];
      for (let i = 0; i < bodies.length; i++) received.push(await peer.expectOutbound());
      expect(received.map((m) => m.body)).toEqual(bodies);
      await waitFor(async () => {
        const rows = await db()('messages').whereIn('id', ids).orderBy('id');
        return rows.every((r: any) => r.sendStatus === 'sent') ? rows : null;
      }, { timeout });
      const rows = await db()('messages').whereIn('id', ids).orderBy('id');
      expect(rows.map((r: any) => r.wid)).toEqual(received.map((m) => m.wid));
      expect(rows.every((r: any) => r.ack >= 1)).toBe(true);
    });

    it('acks 1 to 4 (those the channel has) reach the stored message', async () => {
      const { id, outbound } = await agentSends('ack me');
      for (const ack of peer.acks ?? ([1, 2, 3, 4] as const)) {
        await peer.sendAck(outbound.wid, ack);
        await waitFor(async () => (await db()('messages').where({ id }).first('ack'))?.ack === ack, { timeout });
      }
    });

    it('an edit reaches the contact (when the channel edits)', async ({ skip }) => {
      if (!capabilities?.edit) skip();
      const { id, outbound } = await agentSends('before edit');
      await sender().edit(ctx().company.company.id, id, 'after edit');
      expect(await peer.expectOperation!()).toEqual({ kind: 'edit', wid: outbound.wid, body: 'after edit' });
      expect(await db()('messages').where({ id }).first('body', 'isEdited')).toEqual({ body: 'after edit', isEdited: true });
    });

    it('a delete reaches the contact (when the channel deletes)', async ({ skip }) => {
      if (!capabilities?.delete) skip();
      const { id, outbound } = await agentSends('to be deleted');
      await sender().remove(ctx().company.company.id, id);
      expect(await peer.expectOperation!()).toEqual({ kind: 'delete', wid: outbound.wid });
      expect((await db()('messages').where({ id }).first('isDeleted')).isDeleted).toBe(true);
    });

    it('a reaction reaches the contact (when the channel reacts)', async ({ skip }) => {
      if (!capabilities?.react) skip();
      await sender().react(ctx().company.company.id, state.inboundId!, '👍', ctx().company.admin.user.id);
      expect(await peer.expectOperation!()).toEqual({ kind: 'react', wid: state.inboundWid, emoji: '👍' });
    });

    it('reconnects after a drop, then delivery resumes both ways', async () => {
      const socket = await ctx().kernel.socket(ctx().company.admin.token);
      const event = Events.whatsappSession(ctx().company.company.id);
      const reconnected = nextEvent<any>(socket, event, (p) => p.session?.id === ctx().connection.id && p.session?.status === 'CONNECTED', timeout);
      await peer.drop();
      await reconnected;
      socket.disconnect();
      const { outbound } = await agentSends('after the drop');
      expect(outbound.body).toBe('after the drop');
      const { wid } = await peer.sendInbound({ text: 'back again' });
      expect((await waitStored(wid)).body).toBe('back again');
    });

    it('a replayed inbound changes nothing', async () => {
      const { wid } = await peer.sendInbound({ text: 'once only' });
      const first = await waitStored(wid);
      const unreadBefore = (await db()('tickets').where({ id: first.ticketId }).first('unreadMessages')).unreadMessages;
      await peer.replay(wid);
      // A later message of the same contact is processed after the replay: once it is stored, the replay was too.
      const { wid: marker } = await peer.sendInbound({ text: 'after the replay' });
      await waitStored(marker);
      expect(await db()('messages').where({ whatsappId: ctx().connection.id, wid }).count({ n: '*' })).toEqual([{ n: 1 }]);
      const unreadAfter = (await db()('tickets').where({ id: first.ticketId }).first('unreadMessages')).unreadMessages;
      expect(unreadAfter).toBe(unreadBefore + 1);
    });

    it("a permanent refusal fails the message at the first attempt, with the channel's reason (channels that tell)", async ({ skip }) => {
      if (!peer.refuseRecipient) skip();
      const refusal = await peer.refuseRecipient!();
      try {
        const body = 'refused for good';
        const { id } = await sender().send({ companyId: ctx().company.company.id, ticketId: state.ticketId!, userId: ctx().company.admin.user.id, body });
        const row = await waitFor(async () => {
          const m = await db()('messages').where({ id }).first();
          return m && m.sendStatus !== 'pending' ? m : null;
        }, { timeout });
        expect(row).toMatchObject({ sendStatus: 'failed', sendError: expect.any(String) });
        expect(row.sendError.length).toBeGreaterThan(0);
        expect(refusal.attempts(body)).toBe(1);
      } finally {
        await refusal.restore();
      }
    });

    it('rejects an unsigned or forged webhook request (webhook channels)', async ({ skip }) => {
      if (!peer.webhook) skip();
      const count = async () => (await db()('messages').where({ whatsappId: ctx().connection.id }).count({ n: '*' }))[0].n;
      const before = await count();
      expect([401, 403]).toContain(await peer.webhook!.sendUnsigned());
      expect([401, 403]).toContain(await peer.webhook!.sendForged());
      expect(await count()).toBe(before);
    });
  });
}
