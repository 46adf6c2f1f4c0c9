import type { WebhookEventType } from '@guiche/contracts';

/**
 * The `webhooks` section of the Integrations document (OpenAPI 3.1): what Guichê POSTs to a
 * subscription's URL for each event, with an example body and how to verify the signature.
 */

const contact = {
  id: 17,
  name: 'Maria Souza',
  number: '5511999998888',
  email: '',
  profilePicUrl: null,
  urlPicture: null,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  channel: 'whatsapp',
  isGroup: false,
  companyId: 1,
  remoteJid: '5511999998888@s.whatsapp.net',
  lastMessageAt: '2026-11-27T14:03:11.000Z',
  createdAt: '2026-11-27T14:03:10.000Z',
  updatedAt: '2026-11-27T14:03:11.000Z',
  tags: [],
  extraInfo: [],
};

const ticket = {
  id: 41,
  uuid: '0b8f8a52-5f0c-4f49-8a52-6f1ad3e0c1aa',
  companyId: 1,
  contactId: 17,
  whatsappId: 3,
  userId: 5,
  queueId: 2,
  status: 'open',
  channel: 'whatsapp',
  isGroup: false,
  unreadMessages: 0,
  lastMessage: 'Quero saber do meu pedido',
  lastMessageAt: '2026-11-27T14:03:11.000Z',
  acceptedAt: '2026-11-27T14:05:00.000Z',
  closedAt: null,
  createdAt: '2026-11-27T14:03:11.000Z',
  updatedAt: '2026-11-27T14:05:00.000Z',
  contact,
  queue: { id: 2, name: 'Vendas', color: '#2E7D32' },
  user: { id: 5, name: 'Carla' },
  whatsapp: { id: 3, name: 'Loja', channel: 'whatsapp' },
  tags: [],
  userRating: null,
};

const message = {
  id: 905,
  ticketId: 41,
  contactId: 17,
  whatsappId: 3,
  userId: null,
  companyId: 1,
  wid: 'ABGGFlA5FpafAgo6EhiZ0ZZb2t7e',
  fromMe: false,
  body: 'Quero saber do meu pedido',
  ack: 0,
  mediaType: 'chat',
  mediaUrl: null,
  isDeleted: false,
  isEdited: false,
  createdAt: '2026-11-27T14:03:11.000Z',
  contact: { id: 17, name: 'Maria Souza', number: '5511999998888' },
  quotedMsg: null,
};

const EVENTS: Record<WebhookEventType, { summary: string; data: unknown; resource: string }> = {
  'message.created': { summary: 'A message was stored: received from the customer or sent (agent, bot, API)', data: message, resource: 'the message as GET /api/messages/{ticketId} lists it' },
  'message.ack': { summary: "A sent message's delivery state advanced (1 sent, 2 delivered, 3 read, 4 played)", data: { ...message, fromMe: true, ack: 3, body: 'Seu pedido saiu para entrega.' }, resource: 'the message, with its new ack' },
  'ticket.created': { summary: 'A ticket was opened (a new conversation)', data: { ...ticket, status: 'pending', userId: null, user: null, acceptedAt: null }, resource: 'the ticket as GET /api/tickets/{id} answers it' },
  'ticket.status': { summary: 'A ticket changed status (pending, open, closed…)', data: { ...ticket, status: 'closed', closedAt: '2026-11-27T15:00:00.000Z' }, resource: 'the ticket after the change' },
  'ticket.queue': { summary: 'A ticket moved to another queue', data: ticket, resource: 'the ticket after the change' },
  'ticket.user': { summary: 'A ticket was assigned to another user (or unassigned)', data: ticket, resource: 'the ticket after the change' },
  'contact.created': { summary: 'A contact was created', data: contact, resource: 'the contact as GET /api/contacts/{id} answers it' },
  'contact.updated': { summary: 'A contact was changed (name, number, tags, extra fields…)', data: contact, resource: 'the contact after the change' },
  'connection.alert': {
    summary: "A connection stayed down longer than the company's alert minutes (setting connectionAlertMinutes, default 2)",
    data: { connectionId: 3, name: 'Loja Centro', channel: 'whatsapp', status: 'DISCONNECTED', downSince: '2026-11-27T14:00:00.000Z', alertedAt: '2026-11-27T14:02:00.000Z', drops: 2, lastDropAt: '2026-11-27T14:00:00.000Z' },
    resource: 'the connection alert: since when it is down and its drops within the hour (flapping)',
  },
  'connection.restored': {
    summary: 'A connection whose alert was raised is connected again',
    data: { connectionId: 3, name: 'Loja Centro', channel: 'whatsapp', status: 'CONNECTED', downSince: null, alertedAt: null, drops: 2, lastDropAt: '2026-11-27T14:00:00.000Z' },
    resource: 'the connection alert after the reconnection',
  },
  ping: { summary: 'Sent by the "Send test" button of the Webhooks page', data: { subscriptionId: 7, url: 'https://example.com/guiche-webhooks' }, resource: 'the subscription id and URL' },
};

export const SIGNATURE_HELP = [
  'Every delivery is `POST <your URL>` with a JSON body `{ id, type, createdAt, data }` and the headers',
  '`X-Guiche-Event` (the type), `X-Guiche-Delivery` (this delivery; the same on a redelivery) and',
  '`X-Guiche-Signature: t=<unix seconds>,v1=<hex>`.',
  '',
  'To verify: compute HMAC-SHA256 with the subscription\'s secret over `t + "." + <raw body bytes>`, compare it',
  'with `v1` in constant time, and refuse a `t` older than 5 minutes (a replayed request). Example (Node):',
  '',
  '```js',
  "const [t, v1] = header.split(',').map((p) => p.split('=')[1]);",
  "const expected = crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');",
  "const ok = crypto.timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex')) && Date.now() / 1000 - Number(t) < 300;",
  '```',
  '',
  'Answer any 2xx within 10 seconds. Anything else (or no answer) is retried with exponential backoff;',
  'a delivery may arrive more than once, so deduplicate by the body\'s `id`. Events of one ticket arrive in',
  'order (a later one waits for the earlier). After a run of failures the subscription is switched off and',
  "the company's admins are told; switching it back on sends what was waiting.",
].join('\n');

const headers = [
  { name: 'X-Guiche-Signature', in: 'header', required: true, schema: { type: 'string' }, example: 't=1795800000,v1=5f2b0c…', description: 'HMAC-SHA256 of t + "." + raw body, hex' },
  { name: 'X-Guiche-Event', in: 'header', required: true, schema: { type: 'string' }, example: 'ticket.status' },
  { name: 'X-Guiche-Delivery', in: 'header', required: true, schema: { type: 'string' }, example: '1203' },
];

/** OpenAPI 3.1 `webhooks`: one entry per event type. */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(EVENTS).map(([type, event]) => [
      type,
      {
        post: {
          tags: ['Webhooks'],
          summary: event.summary,
          description: `\`data\` is ${event.resource}.\n\n${SIGNATURE_HELP}`,
          parameters: headers,
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'createdAt', 'data'],
                  properties: {
                    id: { type: 'string', format: 'uuid', description: 'The event id: the same on every retry and redelivery' },
                    type: { type: 'string', const: type },
                    createdAt: { type: 'string', format: 'date-time' },
                    data: { type: 'object' },
                  },
                },
                example: { id: '3f6c1d2a-8a7e-5b1c-9d4e-2f1a0b9c8d7e', type, createdAt: '2026-11-27T15:00:00.123Z', data: event.data },
              },
            },
          },
          responses: { '2XX': { description: 'Received; any other answer (or none within 10 s) is retried' } },
        },
      },
    ]),
  );
}
