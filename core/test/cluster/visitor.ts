import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

/**
 * A website visitor talking to the chat widget through the proxy. Like the widget, a message
 * keeps its client id until the server acknowledges it, and is sent again after a reconnection
 * when the acknowledgement never came (the node died): the server stores it once.
 */
export class Visitor {
  readonly visitorId = randomBytes(16).toString('hex');
  readonly sent: string[] = [];
  private readonly socket: Socket;

  constructor(url: string, siteToken: string) {
    this.socket = io(`${url}/webchat`, {
      auth: { token: siteToken, visitorId: this.visitorId, name: 'Visitante' },
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
  }

  private connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('connect', () => resolve()));
  }

  /** Sends until acknowledged (same client id each time). */
  async send(body: string): Promise<void> {
    const clientId = randomBytes(8).toString('hex');
    this.sent.push(body);
    for (;;) {
      await this.connected();
      const ack = await this.socket
        .timeout(5000)
        .emitWithAck('message', { clientId, body })
        .catch(() => null);
      if (ack && !ack.error) return;
      if (ack?.error) throw new Error(`webchat refused ${body}: ${JSON.stringify(ack)}`);
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}
