import type { ConformanceContext, ConformanceInbound, ConformanceOperation, ConformanceOutbound, ConformancePeer } from '@guiche/core/testing';
import { FakeGraph, newCloudNumber, whatsappMessage, whatsappStatus, type CloudNumber, type FakeCall } from '@guiche/meta-graph/testing';

export { newCloudNumber, type CloudNumber };

/** Env the plugins read, pointed at the fake (set before any kernel starts). */
export function useFakeGraphEnv(fake: FakeGraph): void {
  process.env.META_GRAPH_URL = fake.url;
  process.env.META_SECRETS_KEY = 'test-secrets-key';
  process.env.META_RETRY_BACKOFF_MS = '50';
  process.env.META_GRAPH_BACKOFF_MS = '20';
}


/** The webhook URL the connection dialog shows (with the connection's public webhook id). */
export async function webhookUrl(ctx: ConformanceContext, connectionId = ctx.connection.id): Promise<string> {
  const res = await ctx.kernel.api('GET', `/whatsappapi/${connectionId}/credentials`, { token: ctx.company.admin.token });
  if (res.status !== 200) throw new Error(`credentials not read: ${res.status}`);
  return res.body.webhookUrl;
}

export async function configure(ctx: ConformanceContext, fake: FakeGraph, number: CloudNumber, connectionId = ctx.connection.id): Promise<void> {
  const res = await ctx.kernel.api('PUT', `/whatsappapi/${connectionId}/credentials`, {
    token: ctx.company.admin.token,
    body: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken, appSecret: fake.appSecret, verifyToken: number.verifyToken },
  });
  if (res.status !== 200) throw new Error(`credentials refused: ${res.status} ${JSON.stringify(res.body)}`);
}

const isSend = (phoneNumberId: string) => (c: FakeCall) =>
  c.method === 'POST' && c.route === `${phoneNumberId}/messages` && c.body?.type && c.body.type !== 'reaction' && c.body.type !== 'template';

/** A WhatsApp user writing to the business number, as Meta's webhooks carry it. */
export class CloudPeer implements ConformancePeer {
  readonly fake = new FakeGraph();
  number!: CloudNumber;
  ctx!: ConformanceContext;
  readonly contact = { waId: '5511' + String(Math.floor(Math.random() * 9e8) + 1e8), name: 'Conformance Contact' };
  readonly acks = [1, 2, 3] as const;
  private readonly payloads = new Map<string, unknown>();

  async setup(): Promise<void> {
    await this.fake.start();
    useFakeGraphEnv(this.fake);
    this.number = newCloudNumber(this.fake);
  }

  async connect(ctx: ConformanceContext): Promise<void> {
    this.ctx = ctx;
    await configure(ctx, this.fake, this.number);
  }

  async deliver(payload: unknown, how: 'signed' | 'unsigned' | 'forged' = 'signed'): Promise<number> {
    return this.fake.deliver(await webhookUrl(this.ctx), payload, how);
  }

  async send(content: Record<string, unknown>, options: { id?: string; context?: { from: string; id: string } } = {}): Promise<{ wid: string }> {
    const { id, payload } = whatsappMessage(this.number, this.contact, content, options);
    this.payloads.set(id, payload);
    const status = await this.deliver(payload);
    if (status !== 200) throw new Error(`webhook answered ${status}`);
    return { wid: id };
  }

  sendInbound(message: ConformanceInbound): Promise<{ wid: string }> {
    if ('text' in message) return this.send({ type: 'text', text: { body: message.text } });
    const { data, mimetype, fileName } = message.media;
    const id = this.fake.addMedia(data, mimetype);
    return this.send({ type: 'document', document: { id, mime_type: mimetype, filename: fileName, caption: message.caption, sha256: 'x' } });
  }

  async replay(wid: string): Promise<void> {
    const status = await this.deliver(this.payloads.get(wid));
    if (status !== 200) throw new Error(`replay answered ${status}`);
  }

  /** Meta cannot deliver to the contact (131026): a permanent refusal. */
  async refuseRecipient() {
    this.fake.undeliverable.add(this.contact.waId);
    const phoneNumberId = this.number.phoneNumberId;
    return {
      attempts: (body: string) => this.fake.refused.filter((c) => c.method === 'POST' && c.route === `${phoneNumberId}/messages` && c.body?.text?.body === body).length,
      restore: async () => void this.fake.undeliverable.delete(this.contact.waId),
    };
  }

  async expectOutbound(): Promise<ConformanceOutbound> {
    const call = await this.fake.nextCall(isSend(this.number.phoneNumberId));
    const type = call.body.type as string;
    const wid = call.response.messages[0].id as string;
    if (type === 'text') return { wid, body: call.body.text.body };
    const media = this.fake.media.get(call.body[type].id);
    return { wid, body: call.body[type].caption ?? '', ...(media ? { media: { mimetype: media.mimetype, fileName: call.body[type].filename ?? '' } } : {}) };
  }

  async expectOperation(): Promise<ConformanceOperation> {
    const call = await this.fake.nextCall((c) => c.method === 'POST' && c.route === `${this.number.phoneNumberId}/messages` && c.body?.type === 'reaction');
    return { kind: 'react', wid: call.body.reaction.message_id, emoji: call.body.reaction.emoji };
  }

  async sendAck(wid: string, ack: 1 | 2 | 3 | 4): Promise<void> {
    const status = ({ 1: 'sent', 2: 'delivered', 3: 'read' } as const)[ack as 1 | 2 | 3];
    const code = await this.deliver(whatsappStatus(this.number, { id: wid, status, recipientId: this.contact.waId }));
    if (code !== 200) throw new Error(`status webhook answered ${code}`);
  }

  /** Nothing stays open to a webhook channel: a drop is the session restarted (it checks the number again). */
  async drop(): Promise<void> {
    const res = await this.ctx.kernel.api('POST', '/whatsapp-restart/', { token: this.ctx.company.admin.token });
    if (res.status >= 300) throw new Error(`restart refused: ${res.status}`);
  }

  readonly webhook = {
    sendUnsigned: () => this.deliver(whatsappMessage(this.number, this.contact, { type: 'text', text: { body: 'unsigned' } }).payload, 'unsigned'),
    sendForged: () => this.deliver(whatsappMessage(this.number, this.contact, { type: 'text', text: { body: 'forged' } }).payload, 'forged'),
  };

  async teardown(): Promise<void> {
    await this.fake.stop();
  }
}
