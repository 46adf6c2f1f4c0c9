import { io, type Socket } from 'socket.io-client';
import { runChannelConformance, waitFor, type ConformanceContext, type ConformanceInbound, type ConformanceOutbound, type ConformancePeer } from '@guiche/core/testing';
import type { WebchatMessage } from '@guiche/contracts';
import { createWebchatChannel } from '../src/plugin.js';
import { newClientId, newVisitorId } from './support.js';

/**
 * The channel kit driven by a real visitor: a socket.io-client on the /webchat namespace (text,
 * acks) and the public media route (files), exactly what the widget uses.
 *
 * A webchat session has no outside link to lose, so `drop` is the two things that can break: the
 * visitor's network (the engine's transport is closed under it; the client reconnects by itself)
 * and the session itself, restarted through the connections API; the kit then proves delivery
 * resumes both ways.
 */
class VisitorPeer implements ConformancePeer {
  private ctx!: ConformanceContext;
  private socket!: Socket;
  private readonly visitorId = newVisitorId();
  private readonly sent = new Map<string, () => Promise<{ wid: string }>>();
  private readonly inbox: ConformanceOutbound[] = [];
  private readonly waiting: ((m: ConformanceOutbound) => void)[] = [];

  async connect(ctx: ConformanceContext): Promise<void> {
    this.ctx = ctx;
    this.socket = io(`${ctx.kernel.url}/webchat`, {
      auth: { token: ctx.connection.token, visitorId: this.visitorId, name: 'Conformance Visitor' },
      transports: ['websocket'],
      reconnectionDelay: 50,
      reconnectionDelayMax: 200,
    });
    this.socket.on('message', (m: WebchatMessage) => {
      if (m.fromVisitor) return;
      const out: ConformanceOutbound = { wid: m.wid, body: m.body };
      const next = this.waiting.shift();
      if (next) next(out);
      else this.inbox.push(out);
    });
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  private async text(body: string, clientId: string): Promise<{ wid: string }> {
    const answer = await this.socket.timeout(10000).emitWithAck('message', { clientId, body });
    if (!answer.message) throw new Error(`message refused: ${JSON.stringify(answer)}`);
    return { wid: answer.message.wid };
  }

  private async media(message: Extract<ConformanceInbound, { media: unknown }>, clientId: string): Promise<{ wid: string }> {
    const form = new FormData();
    form.append('visitorId', this.visitorId);
    form.append('clientId', clientId);
    if (message.caption) form.append('body', message.caption);
    const { data, mimetype, fileName } = message.media;
    form.append('file', new Blob([new Uint8Array(data)], { type: mimetype }), fileName);
    const res = await fetch(`${this.ctx.kernel.apiUrl}/webchat/${this.ctx.connection.token}/messages`, { method: 'POST', body: form });
    const answer = (await res.json()) as { message?: WebchatMessage };
    if (res.status !== 201 || !answer.message) throw new Error(`media refused: ${res.status} ${JSON.stringify(answer)}`);
    return { wid: answer.message.wid };
  }

  async sendInbound(message: ConformanceInbound): Promise<{ wid: string }> {
    const clientId = newClientId();
    const send = () => ('text' in message ? this.text(message.text, clientId) : this.media(message, clientId));
    const result = await send();
    this.sent.set(result.wid, send);
    return result;
  }

  async replay(wid: string): Promise<void> {
    const send = this.sent.get(wid);
    if (!send) throw new Error(`nothing sent as ${wid}`);
    const again = await send();
    if (again.wid !== wid) throw new Error(`a replay became another message: ${again.wid}`);
  }

  expectOutbound(): Promise<ConformanceOutbound> {
    const ready = this.inbox.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no agent message reached the visitor')), 15000);
      this.waiting.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  async sendAck(wid: string, ack: 1 | 2 | 3 | 4): Promise<void> {
    // 1 (sent) is the session's own report when the message reached the visitor's room.
    const event = { 1: null, 2: 'delivered', 3: 'read', 4: 'played' }[ack];
    if (event) this.socket.emit(event, { wids: [wid] });
  }

  async drop(): Promise<void> {
    const reconnected = new Promise<void>((resolve) => this.socket.io.once('reconnect', () => resolve()));
    this.socket.io.engine.close();
    await reconnected;
    const { kernel, company } = this.ctx;
    const res = await kernel.api('POST', '/whatsapp-restart/', { token: company.admin.token });
    if (res.status >= 300) throw new Error(`restart refused: ${res.status}`);
    await waitFor(() => this.socket.connected);
  }

  async teardown(): Promise<void> {
    this.socket?.disconnect();
  }
}

runChannelConformance({ channel: createWebchatChannel(), peer: new VisitorPeer() });
runChannelConformance({ channel: createWebchatChannel(), peer: new VisitorPeer(), kernel: { embedded: true } });
