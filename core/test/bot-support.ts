import { createHash, randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { createTestKernel, waitFor, type TestCompany, type TestKernel } from '@guiche/core/testing';
import { createWebchatChannel } from '@guiche/plugin-channel-webchat';
import { createWhatsappChannel } from '@guiche/plugin-channel-whatsapp';
import { FakeWhatsapp, Inbox } from '../../plugins/channel-whatsapp/test/fake-socket.js';
import { media, text } from '../../plugins/channel-whatsapp/test/messages.js';

/**
 * Conversation scripts of the bot (issue 10) run against a real kernel with the two channels a
 * customer reaches it through: the website chat (a visitor's socket on /webchat) and WhatsApp over
 * the fake Baileys socket. A Customer writes and reads what the channel delivered to them.
 */
export type ChannelKind = 'webchat' | 'whatsapp';
export const CHANNELS: ChannelKind[] = ['webchat', 'whatsapp'];

export interface Received {
  body: string;
  /** A file: its name and mimetype as the channel delivered it. */
  file?: { fileName: string; mimetype: string };
}

export interface Customer {
  channel: ChannelKind;
  connectionId: number;
  send(body: string): Promise<void>;
  sendAudio(): Promise<void>;
  /** The next message the company sent to this customer (in delivery order). */
  next(): Promise<Received>;
  /** The customer's active or latest ticket on the connection. */
  ticket(): Promise<Record<string, any>>;
  contactId(): Promise<number>;
  close(): void;
}

export interface BotWorld {
  k: TestKernel;
  company: TestCompany;
  wa: FakeWhatsapp;
  connections: Record<ChannelKind, { id: number; token: string }>;
  /** A new customer; a website visitor may talk to another node (`url`) of the same deployment. */
  customer(channel: ChannelKind, options?: { url?: string }): Promise<Customer>;
  /** PUT /whatsapp/{id} as the admin (the connection's bot configuration). */
  configure(channel: ChannelKind, body: Record<string, unknown>): Promise<void>;
  setting(key: string, value: string): Promise<void>;
  queue(body: Record<string, unknown>): Promise<any>;
  /** A prompt of the company (its row only: the conversation handler under test answers for it). */
  prompt(name: string): Promise<number>;
  close(): Promise<void>;
}

let seq = 0;

async function connectWhatsapp(k: TestKernel, wa: FakeWhatsapp, admin: string): Promise<{ id: number; token: string }> {
  const res = await k.api('POST', '/whatsapp', { token: admin, body: { name: 'WhatsApp', channel: 'whatsapp' } });
  if (res.status !== 201) throw new Error(`whatsapp connection: ${res.status} ${JSON.stringify(res.body)}`);
  const socket = await wa.created.take();
  socket.showQr('2@bot-qr');
  socket.emit('creds.update', { me: { id: '5511900000000:7@s.whatsapp.net', name: 'Company' }, registered: true });
  wa.autoOpen = true;
  socket.close(515);
  await waitFor(async () => (await k.db('whatsapps').where({ id: res.body.id }).first('status'))?.status === 'CONNECTED', { timeout: 20000 });
  return { id: res.body.id, token: (await k.db('whatsapps').where({ id: res.body.id }).first('token')).token as string };
}

export async function startBotWorld(kernelOptions: Parameters<typeof createTestKernel>[0] = {}): Promise<BotWorld> {
  const wa = new FakeWhatsapp();
  const k = await createTestKernel({
    ...kernelOptions,
    plugins: [...(kernelOptions.plugins ?? []), createWebchatChannel(), createWhatsappChannel({ socketFactory: wa.factory, download: wa.download })],
  });
  const company = await k.createCompany();
  const admin = company.admin.token;
  const web = await k.api('POST', '/whatsapp', { token: admin, body: { name: 'Site', channel: 'webchat' } });
  await waitFor(async () => (await k.db('whatsapps').where({ id: web.body.id }).first('status'))?.status === 'CONNECTED');
  const connections = { webchat: { id: web.body.id as number, token: (await k.api('GET', `/webchat/sites/${web.body.id}`, { token: admin })).body.token as string }, whatsapp: await connectWhatsapp(k, wa, admin) };

  // WhatsApp deliveries, routed to the customer (jid) they were sent to.
  const waInboxes = new Map<string, Inbox<Received>>();
  const waInbox = (jid: string) => {
    let inbox = waInboxes.get(jid);
    if (!inbox) waInboxes.set(jid, (inbox = new Inbox<Received>()));
    return inbox;
  };
  let closing = false;
  void (async () => {
    while (!closing) {
      const sent = await wa.outbox.take(24 * 60 * 60_000).catch(() => null);
      if (!sent) return;
      const c = sent.content as Record<string, any>;
      if ('text' in c) waInbox(sent.jid).push({ body: c.text });
      else {
        const kind = ['image', 'video', 'audio', 'document', 'sticker'].find((key) => key in c);
        if (kind) waInbox(sent.jid).push({ body: c.caption ?? '', file: { fileName: c.fileName ?? '', mimetype: c.mimetype ?? '' } });
      }
    }
  })();
  const sockets: Socket[] = [];

  async function ticketOf(connectionId: number, contactId: number) {
    return waitFor(() => k.db('tickets').where({ whatsappId: connectionId, contactId }).orderBy('id', 'desc').first());
  }

  async function webchatCustomer(url = k.url): Promise<Customer> {
    const visitorId = randomBytes(16).toString('hex');
    const { id: connectionId, token } = connections.webchat;
    const socket = io(`${url}/webchat`, { auth: { token, visitorId, name: `Visitante ${++seq}` }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const inbox = new Inbox<Received>();
    socket.on('message', (m: { fromVisitor: boolean; body: string; mediaType: string; mediaName: string | null }) => {
      if (m.fromVisitor) return;
      inbox.push(m.mediaType === 'chat' ? { body: m.body } : { body: m.body, file: { fileName: m.mediaName ?? '', mimetype: m.mediaType } });
    });
    // The channel keys a visitor by a digest of their id (plugins/channel-webchat/src/visitor.ts).
    const peer = 'v' + createHash('sha256').update(`webchat:${visitorId}`).digest('hex').slice(0, 31);
    const contactId = async () => (await waitFor(() => k.db('contacts').where({ companyId: company.company.id, channel: 'webchat', remoteJid: peer }).first('id'))).id as number;
    return {
      channel: 'webchat',
      connectionId,
      async send(body) {
        const ack = await socket.timeout(10000).emitWithAck('message', { clientId: randomBytes(8).toString('hex'), body });
        if (ack?.error) throw new Error(`webchat send: ${JSON.stringify(ack)}`);
      },
      async sendAudio() {
        const form = new FormData();
        form.append('visitorId', visitorId);
        form.append('clientId', randomBytes(8).toString('hex'));
        form.append('file', new Blob([Buffer.from('OggS fake voice')], { type: 'audio/ogg' }), 'voz.ogg');
        const res = await fetch(`${k.apiUrl}/webchat/${token}/messages`, { method: 'POST', body: form });
        if (res.status >= 300) throw new Error(`webchat audio: ${res.status} ${await res.text()}`);
      },
      next: () => inbox.take(15000),
      ticket: async () => ticketOf(connectionId, await contactId()),
      contactId,
      close: () => socket.disconnect(),
    };
  }

  async function whatsappCustomer(): Promise<Customer> {
    const number = `55119${String(70000000 + ++seq * 7919).slice(-8)}`;
    const jid = `${number}@s.whatsapp.net`;
    wa.registered.set(number, jid);
    const { id: connectionId } = connections.whatsapp;
    const contactId = async () => (await waitFor(() => k.db('contacts').where({ companyId: company.company.id, channel: 'whatsapp', number }).first('id'))).id as number;
    const delivered = async (wid: string) => waitFor(() => k.db('messages').where({ whatsappId: connectionId, wid }).first('id'));
    return {
      channel: 'whatsapp',
      connectionId,
      async send(body) {
        const message = text(body, { remoteJid: jid });
        wa.socket.receive(message);
        await delivered(message.key.id!);
      },
      async sendAudio() {
        const message = media('audioMessage', { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 3 }, { remoteJid: jid });
        wa.media.set(message.message!.audioMessage!.directPath!, Buffer.from('OggS fake voice'));
        wa.socket.receive(message);
        await delivered(message.key.id!);
      },
      next: () => waInbox(jid).take(15000),
      ticket: async () => ticketOf(connectionId, await contactId()),
      contactId,
      close: () => undefined,
    };
  }

  let colors = 0;
  return {
    k,
    company,
    wa,
    connections,
    customer: (channel, options) => (channel === 'webchat' ? webchatCustomer(options?.url) : whatsappCustomer()),
    async configure(channel, body) {
      const res = await k.api('PUT', `/whatsapp/${connections[channel].id}`, { token: admin, body });
      if (res.status !== 200) throw new Error(`configure: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async setting(key, value) {
      const res = await k.api('PUT', `/settings/${key}`, { token: admin, body: { value } });
      if (res.status !== 200) throw new Error(`setting ${key}: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async queue(body) {
      colors++;
      const res = await k.api('POST', '/queue', { token: admin, body: { color: `#${String(colors).padStart(6, '0')}`, greetingMessage: `Fila ${colors}`, ...body } });
      if (res.status !== 201) throw new Error(`queue: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async prompt(name) {
      const [row] = await k.db('prompts').insert({ companyId: company.company.id, name, prompt: `${name}: atenda com educação` }).returning('id');
      return row.id as number;
    },
    async close() {
      closing = true;
      for (const s of sockets) s.disconnect();
      await k.close();
    },
  };
}

/** Reads the customer's next `count` messages. */
export async function receive(customer: Customer, count = 1): Promise<Received[]> {
  const out: Received[] = [];
  for (let i = 0; i < count; i++) out.push(await customer.next());
  return out;
}

/** The ticket's log types in order (its path through the bot). */
export async function logOf(k: TestKernel, ticketId: number): Promise<{ type: string; queueId: number | null; data: any }[]> {
  return k.db('ticketLogs').where({ ticketId }).orderBy('id').select('type', 'queueId', 'data');
}
