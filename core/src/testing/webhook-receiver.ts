import { SIGNATURE_TOLERANCE_S, verifySignatureHeader } from '../outbound/signature.js';
import { startFakeServer, type FakeReply, type FakeServer } from './fake-server.js';

export { SIGNATURE_TOLERANCE_S };

/** Checks an `X-Guiche-Signature` header the way an integrator would (core's verifier, shared with the flow builder's webhook). */
export function verifyGuicheSignature(secret: string, header: string | undefined, raw: Buffer | string, nowS = Math.floor(Date.now() / 1000)): boolean {
  return verifySignatureHeader(secret, header, raw, nowS) !== null;
}

export interface ReceivedWebhook {
  id: string;
  type: string;
  createdAt: string;
  data: any;
  /** X-Guiche-Delivery and X-Guiche-Event as sent. */
  delivery: string;
  event: string;
}

export interface WebhookReceiver {
  /** The URL to subscribe (path /hook). */
  url: string;
  server: FakeServer;
  /** The subscription's secret: requests are verified against it (set it once the API answered it). */
  secret: string;
  /** Requests accepted: signature valid, answered 2xx; in arrival order. */
  accepted: ReceivedWebhook[];
  /** Requests whose signature did not verify (answered 401): must stay empty. */
  rejected: { headers: Record<string, unknown>; raw: string }[];
  /** The next `count` requests fail with `reply` (recorded nowhere but server.requests). */
  failNext(count: number, reply?: FakeReply): void;
  /** While set, every request is answered with it (a receiver that is down), until set back to null. */
  outage: FakeReply | null;
  close(): Promise<void>;
}

/** An integrator's webhook endpoint on this machine: verifies every request's signature like a real one. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const server = await startFakeServer();
  const receiver: WebhookReceiver = {
    url: `${server.url}/hook`,
    server,
    secret: '',
    accepted: [],
    rejected: [],
    failNext: (count, reply = { status: 503, body: 'unavailable' }) => server.failNext(count, reply),
    outage: null,
    close: () => server.close(),
  };
  server.route('POST', '/hook', (request) => {
    if (receiver.outage) return receiver.outage;
    const header = request.headers['x-guiche-signature'];
    if (!verifyGuicheSignature(receiver.secret, typeof header === 'string' ? header : undefined, request.raw)) {
      receiver.rejected.push({ headers: { ...request.headers }, raw: request.raw.toString('utf8') });
      return { status: 401, json: { error: 'bad signature' } };
    }
    const body = request.json as Omit<ReceivedWebhook, 'delivery' | 'event'>;
    receiver.accepted.push({ ...body, delivery: String(request.headers['x-guiche-delivery']), event: String(request.headers['x-guiche-event']) });
    return { status: 200, body: 'ok' };
  });
  return receiver;
}
