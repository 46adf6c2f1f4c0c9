import { io, type Socket } from 'socket.io-client';
import { TicketEvents } from '@guiche/contracts';

/**
 * An agent's browser tab, reduced to what matters for delivery: one socket.io connection through
 * the proxy (websocket transport, automatic reconnection, as web-modules/sdk's SocketProvider),
 * the messages it learnt from live events, and — like the web client after a lost connection —
 * a refetch of every conversation once the socket is back.
 */
export class Agent {
  readonly seen = new Set<number>();
  disconnects = 0;
  reconnects = 0;
  /** When the socket was lost and back, and when each refetch ended (for failure messages). */
  readonly log: string[] = [];
  readonly socket: Socket;
  private refetching: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly token: string,
    companyId: number,
  ) {
    this.socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    this.socket.on(TicketEvents.appMessage(companyId), (event: { action: string; message: { id: number } }) => {
      if (event.action === 'create') this.seen.add(Number(event.message.id));
    });
    let lost = false;
    this.socket.on('disconnect', () => {
      lost = true;
      this.disconnects++;
      this.log.push(`lost ${new Date().toISOString()}`);
    });
    this.socket.on('connect', () => {
      this.socket.emit('joinNotification');
      if (!lost) return;
      lost = false;
      this.reconnects++;
      this.log.push(`back ${new Date().toISOString()}`);
      this.refetching = this.refetching.then(() => this.refetch()).then(() => void this.log.push(`refetched ${new Date().toISOString()}`));
    });
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => this.socket.once('connect', () => resolve()).once('connect_error', reject));
  }

  /** Resolves once the refetches started by reconnections so far are done. */
  settled(): Promise<void> {
    return this.refetching;
  }

  private async get(path: string): Promise<any> {
    for (;;) {
      const res = await fetch(`${this.url}/api${path}`, { headers: { authorization: `Bearer ${this.token}` } });
      // A request that reached no node (all restarting) is tried again, as react-query does.
      if (res.status === 502 || res.status === 503 || res.status === 504) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    }
  }

  /** What the web client does when the socket comes back: every query is fetched again. */
  private async refetch(): Promise<void> {
    const ticketIds: number[] = [];
    for (let page = 1; ; page++) {
      const body = await this.get(`/tickets?showAll=true&pageNumber=${page}`);
      ticketIds.push(...(body.tickets as { id: number }[]).map((t) => t.id));
      if (!body.hasMore) break;
    }
    for (const id of ticketIds) {
      for (let page = 1; ; page++) {
        const body = await this.get(`/messages/${id}?pageNumber=${page}`);
        for (const m of body.messages as { id: number }[]) this.seen.add(Number(m.id));
        if (!body.hasMore) break;
      }
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}
