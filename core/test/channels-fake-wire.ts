import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface WireSocket {
  connectionId: number;
  node: string;
  openedAt: number;
  closedAt?: number;
}

export interface WireSend {
  connectionId: number;
  node: string;
  messageId: number;
  body: string;
  wid: string;
}

/**
 * The fake WhatsApp server the sessions of fixtures/wire-channel-plugin.mjs connect to: it knows
 * every socket of every connection, when it opened and closed, and counts the moments a connection
 * had two sockets open at once (two nodes running one session: must never happen).
 */
export class FakeWire {
  readonly sockets: WireSocket[] = [];
  readonly sends: WireSend[] = [];
  overlaps = 0;
  private server?: net.Server;
  private readonly open = new Set<net.Socket>();

  async listen(): Promise<string> {
    this.server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Sockets of the connection that are open now. */
  live(connectionId: number): WireSocket[] {
    return this.sockets.filter((s) => s.connectionId === connectionId && s.closedAt === undefined);
  }

  private accept(socket: net.Socket): void {
    this.open.add(socket);
    let entry: WireSocket | undefined;
    let rest = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const frame = JSON.parse(line) as { type: 'hello' | 'send'; connectionId: number; node: string; messageId: number; body: string };
        if (frame.type === 'hello') {
          if (this.live(frame.connectionId).length > 0) this.overlaps++;
          entry = { connectionId: frame.connectionId, node: frame.node, openedAt: Date.now() };
          this.sockets.push(entry);
        } else if (entry) {
          const wid = `wire-${this.sends.length + 1}`;
          this.sends.push({ connectionId: entry.connectionId, node: entry.node, messageId: frame.messageId, body: frame.body, wid });
          socket.write(`${JSON.stringify({ messageId: frame.messageId, wid })}\n`);
        }
      }
    });
    socket.on('close', () => {
      this.open.delete(socket);
      if (entry) entry.closedAt = Date.now();
    });
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
