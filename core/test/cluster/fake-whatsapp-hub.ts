import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { Inbox } from '../../../plugins/channel-whatsapp/test/fake-socket.js';

/** An inbound message as Baileys hands it over (JSON: a text message needs no Buffer). */
export interface WireMessage {
  key: { remoteJid: string; fromMe: false; id: string };
  message: { conversation: string };
  messageTimestamp: number;
  pushName: string;
}

/** One Baileys socket of a node, as WhatsApp's servers see it. */
export interface HubLink {
  /** The linked account (creds.me.id); null before pairing. */
  me: string | null;
  node: string;
  opened: boolean;
  socket: Socket;
}

export interface HubSend {
  account: string;
  node: string;
  jid: string;
  id: string;
  text: string;
}

const accountOf = (me: string) => me.split(':')[0]!.split('@')[0]!;

/**
 * WhatsApp's servers for sessions running in other processes (./remote-whatsapp-plugin.mjs). A paired
 * socket is opened at once. Like WhatsApp, it keeps an account's inbound messages until they are
 * safely received: a socket that opens is handed again every message the deployment has not stored
 * yet (`unstored` asks the database), so a node killed between receiving and storing loses nothing,
 * and the redelivery exercises the ingest's idempotency.
 */
export class FakeWhatsappHub {
  /** Sockets of connections that are not paired yet, in the order they came. */
  readonly unpaired = new Inbox<HubLink>();
  readonly sends: HubSend[] = [];
  /** Accounts that had two open sockets at the same moment (two nodes running one connection). */
  readonly overlaps: { account: string; nodes: string[] }[] = [];
  private readonly links = new Set<HubLink>();
  private readonly pending = new Map<string, WireMessage[]>();

  private constructor(
    private readonly io: Server,
    readonly url: string,
    private readonly unstored: (messages: WireMessage[]) => Promise<WireMessage[]>,
  ) {
    io.on('connection', (socket) => this.attach(socket));
  }

  static async start(unstored: (messages: WireMessage[]) => Promise<WireMessage[]>): Promise<FakeWhatsappHub> {
    const http = createServer();
    const io = new Server(http, { transports: ['websocket'] });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return new FakeWhatsappHub(io, `http://127.0.0.1:${(http.address() as AddressInfo).port}`, unstored);
  }

  private attach(socket: Socket): void {
    const auth = socket.handshake.auth as { me?: string | null; node?: string };
    const link: HubLink = { me: auth.me ?? null, node: String(auth.node), opened: false, socket };
    this.links.add(link);
    socket.on('disconnect', () => this.links.delete(link));
    socket.on('sent', (sent: Omit<HubSend, 'account' | 'node'>) => {
      if (link.me) this.sends.push({ ...sent, account: accountOf(link.me), node: link.node });
    });
    if (link.me) void this.open(link);
    else this.unpaired.push(link);
  }

  /** The phone is linked: WhatsApp opens the socket, then delivers what the account has not received. */
  private async open(link: HubLink): Promise<void> {
    const account = accountOf(link.me!);
    link.opened = true;
    const holders = this.openLinks(account);
    if (holders.length > 1) this.overlaps.push({ account, nodes: holders.map((l) => l.node) });
    link.socket.emit('open', { id: link.me, name: 'Company' });
    const asked = this.pending.get(account) ?? [];
    const waiting = await this.unstored(asked);
    // Messages that arrived meanwhile stay pending; those found stored are forgotten.
    const stored = new Set(asked.filter((m) => !waiting.includes(m)));
    this.pending.set(account, (this.pending.get(account) ?? []).filter((m) => !stored.has(m)));
    if (waiting.length > 0 && link.socket.connected) link.socket.emit('receive', waiting);
  }

  /** Pairs an unpaired socket with an account: the phone scanned the QR, WhatsApp asks for the 515 restart. */
  pair(link: HubLink, account: string): void {
    link.socket.emit('creds', { me: { id: `${account}:7@s.whatsapp.net`, name: 'Company' }, registered: true });
    link.socket.emit('close', 515);
  }

  /** A customer writes to the account: delivered now to its open socket, and again on the next one until stored. */
  receive(account: string, message: WireMessage): void {
    this.pending.set(account, [...(this.pending.get(account) ?? []), message]);
    for (const link of this.openLinks(account)) link.socket.emit('receive', [message]);
  }

  openLinks(account: string): HubLink[] {
    return [...this.links].filter((l) => l.opened && l.me && accountOf(l.me) === account);
  }

  /** The node name holding each account's open socket (several when more than one does). */
  holders(accounts: string[]): Record<string, string[]> {
    return Object.fromEntries(accounts.map((a) => [a, this.openLinks(a).map((l) => l.node)]));
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
  }
}
