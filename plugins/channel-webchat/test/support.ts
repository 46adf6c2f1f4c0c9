import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { TestKernel, TestUser } from '@guiche/core/testing';

export const newVisitorId = () => randomBytes(16).toString('hex');
export const newClientId = () => randomBytes(8).toString('hex');

/** A webchat connection created through the connections API, as a company admin would. */
export async function createWebchatConnection(k: TestKernel, admin: TestUser, name = 'Site'): Promise<{ id: number; token: string }> {
  const res = await k.api('POST', '/whatsapp', { token: admin.token, body: { name, channel: 'webchat' } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`connection not created: ${res.status} ${JSON.stringify(res.body)}`);
  // The widget key comes from the site settings (admin), never from the connection's answer (#29).
  const site = await k.api('GET', `/webchat/sites/${res.body.id}`, { token: admin.token });
  if (site.status !== 200) throw new Error(`site not read: ${site.status} ${JSON.stringify(site.body)}`);
  return { id: res.body.id, token: site.body.token };
}

export interface VisitorAuth {
  token: string;
  visitorId: string;
  name?: string;
  email?: string;
  phone?: string;
  lang?: string;
}

/** A site visitor's socket on the /webchat namespace; rejects with the handshake's error. */
export async function connectVisitor(url: string, auth: VisitorAuth, sockets: Socket[] = []): Promise<Socket> {
  const socket = io(`${url}/webchat`, { auth: { ...auth }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return socket;
}

/** Sends a text message as the widget does and returns the server's answer. */
export function say(socket: Socket, body: string, clientId = newClientId()): Promise<any> {
  return socket.timeout(10000).emitWithAck('message', { clientId, body });
}
