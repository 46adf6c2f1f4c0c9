/**
 * How POST /api/messages/send appears in the OpenAPI document: tagged "Integrations", with
 * request examples for JSON and multipart, the headers and every answer. The route validates its
 * body itself (JSON or multipart), so its description is given to @fastify/swagger through the
 * route's swaggerTransform rather than as a validation schema.
 */

export const SEND_PATH = '/messages/send';
export const INTEGRATIONS_TAG = 'Integrations';

const error = (code: string, description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } } }, example: { error: code } } },
});

import { PG_INT_MAX, STORABLE_TEXT } from '@guiche/contracts';
import { API_MEDIA_MAX_FILES } from './input.js';
import { SIGNATURE_HELP, webhooksSection } from './webhooks/openapi.js';

/** Largest file core's multipart reader takes (MULTIPART_LIMITS.fileSize). */
const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
const storable = STORABLE_TEXT.source;

const fields = {
  number: { type: 'string', maxLength: 20, pattern: '^\\d{8,20}$', description: 'Country code, area code and number, digits only (no mask)', example: '5511999998888' },
  body: { type: 'string', maxLength: 4096, pattern: storable, description: 'Text (required without files; the caption of the first file otherwise)', example: 'Seu pedido saiu para entrega.' },
  userId: { type: 'integer', minimum: 1, maximum: PG_INT_MAX, description: 'Assign the ticket to this user of the company (it becomes open)', example: 3 },
  queueId: { type: 'integer', minimum: 1, maximum: PG_INT_MAX, description: 'Put the ticket in this queue of the company', example: 2 },
  sendSignature: { type: 'boolean', description: "Prefix the text with the user's name (needs userId)", example: false },
};

/** JSON only: a WhatsApp Cloud API template instead of `body`. */
const templateField = {
  type: 'object',
  description: [
    'WhatsApp Cloud API connections only (400 ERR_TEMPLATE_NOT_SUPPORTED elsewhere): an approved message template of the connection, sent instead of `body` (give no body nor files).',
    "Templates are the connection's stored ones (synced from Meta daily and from the connection's templates page). `variables` are the values of the body's {{1}}, {{2}}… (or named placeholders) in order, as many as the template has.",
    'The message stored in the conversation is the template text with the values in place, as the customer reads it. Outside the 24-hour window (the contact has not written in the last 24 hours) a template is the only message Meta delivers.',
  ].join(' '),
  properties: {
    name: { type: 'string', maxLength: 512, pattern: storable, example: 'order_shipped' },
    language: { type: 'string', maxLength: 20, pattern: storable, example: 'pt_BR' },
    variables: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 1024, pattern: storable }, example: ['Ana', '#1234'] },
    headerParameters: {
      type: 'array',
      maxItems: 1,
      items: { type: 'string', maxLength: 60, pattern: storable },
      description: "The header text's variable when the template's header has one (400 ERR_TEMPLATE_VARIABLES with `part: \"header\"` otherwise)",
      example: ['#1234'],
    },
    headerMedia: {
      type: 'string',
      maxLength: 2048,
      pattern: storable,
      description: "The http(s) address of the header's file when the template's header is an image, document or video (400 ERR_TEMPLATE_HEADER_MEDIA when missing, not a web address, or given for a header that takes none)",
      example: 'https://files.example/nota-1234.pdf',
    },
    buttonParameters: {
      type: 'array',
      maxItems: 10,
      items: { type: 'string', maxLength: 2000, pattern: storable },
      description: "The suffix of each URL button whose address ends in a variable, in the buttons' order (400 ERR_TEMPLATE_VARIABLES with `part: \"buttons\"` when the count differs)",
      example: ['AB1234'],
    },
  },
  required: ['name', 'language'],
};

export const sendDocSchema = {
  tags: [INTEGRATIONS_TAG],
  summary: 'Send a WhatsApp message (text or files) to a number',
  description: [
    "Authenticated by a connection's token (Connections → edit → token) as `Authorization: Bearer <token>`; needs the plan module useExternalApi.",
    "The number is checked by the connection's WhatsApp session; the message is stored in the contact's ticket on that connection (created, or reopened) and queued in order for delivery.",
    'The answer is 202: what was queued. Send `Idempotency-Key` to make a retried request send once (the same key with the same request answers the first result, with `Idempotent-Replayed: true`).',
    'Each token may make a limited number of calls per minute: past it, 429 with `Retry-After` (seconds).',
    "**WhatsApp Cloud API connections**: Meta delivers free text and files only within 24 hours of the contact's last message. Outside that window the request is refused up front with 409 `ERR_WINDOW_CLOSED` (`fix: \"template\"`): send `template` instead of `body`.",
  ].join('\n\n'),
  headers: {
    type: 'object',
    properties: {
      authorization: { type: 'string', maxLength: 300, pattern: '^Bearer \\S+$', description: 'Bearer <connection token>', example: 'Bearer 0123456789ABCDEFGHIJKLMNOPQRST' },
      'idempotency-key': { type: 'string', maxLength: 200, pattern: storable, description: 'Any unique value per intended send (e.g. your order id)', example: 'order-1234-shipped' },
    },
    required: ['authorization'],
  },
  body: {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { ...fields, template: templateField },
          required: ['number'],
          description: '`body` or (Cloud API connections) `template`',
          examples: [
            { number: '5511999998888', body: 'Seu pedido saiu para entrega.', queueId: 2 },
            { number: '5511999998888', template: { name: 'order_shipped', language: 'pt_BR', variables: ['Ana', '#1234'] } },
          ],
        },
      },
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...fields,
            medias: { type: 'array', maxItems: API_MEDIA_MAX_FILES, items: { type: 'string', format: 'binary', maxLength: MEDIA_MAX_BYTES }, description: 'One or more files, one message each, in order' },
          },
          required: ['number', 'medias'],
        },
      },
    },
  },
  response: {
    202: {
      description: 'Queued for delivery',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['queued'] },
              ticketId: { type: 'integer' },
              contactId: { type: 'integer' },
              messageId: { type: 'integer' },
              messageIds: { type: 'array', items: { type: 'integer' } },
            },
          },
          example: { status: 'queued', ticketId: 41, contactId: 17, messageId: 905, messageIds: [905] },
        },
      },
    },
    400: error(
      'ERR_TEMPLATE_VARIABLES',
      'ERR_VALIDATION (fields), ERR_WAPP_INVALID_CONTACT (WhatsApp does not know the number), ERR_WAPP_NOT_INITIALIZED, ERR_TEMPLATE_NOT_SUPPORTED (a template on a connection other than the Cloud API), ERR_TEMPLATE_NOT_FOUND (no such approved template on the connection; `status` says if it is paused, rejected or deleted), ERR_TEMPLATE_VARIABLES (`expected` and `received` counts; `part` header or buttons for those), ERR_TEMPLATE_HEADER_MEDIA (the header\'s file address missing, not http(s), or given for a header that takes none)',
    ),
    401: error('ERR_API_TOKEN_INVALID', 'Missing, wrong or revoked token'),
    403: error('ERR_PLAN_DISABLED', "The company's plan lacks the external API (ERR_PLAN_DISABLED), or the token is a website chat's public key (ERR_API_TOKEN_PUBLIC_KEY)"),
    404: error('ERR_NO_USER_FOUND', 'ERR_NO_USER_FOUND / ERR_NO_QUEUE_FOUND: userId or queueId not of this company'),
    409: error(
      'ERR_WINDOW_CLOSED',
      "The connection is not connected (ERR_WAPP_NOT_INITIALIZED), the same Idempotency-Key is still running (ERR_IDEMPOTENCY_IN_PROGRESS), or free text / files to a Cloud API contact whose 24-hour window is closed (ERR_WINDOW_CLOSED: send a template)",
    ),
    413: error('ERR_PAYLOAD_TOO_LARGE', 'A file over 50 MB or more than 10 files'),
    422: error('ERR_IDEMPOTENCY_KEY_REUSED', 'The Idempotency-Key was used for a different request'),
    429: error('ERR_RATE_LIMITED', 'Too many calls with this token; retry after Retry-After seconds'),
  },
};

/** The route's own schema carries no validation keywords (the handler validates JSON and multipart alike). */
export const sendRouteDocs = { tags: [INTEGRATIONS_TAG], summary: sendDocSchema.summary };
export const sendSwaggerTransform = ({ url }: { url: string }) => ({ schema: sendDocSchema, url });

/**
 * The Integrations section alone: the paths tagged Integrations and the outgoing webhooks (an
 * OpenAPI 3.1 `webhooks` section), served with the company's base URL.
 */
export function integrationsDocument(full: Record<string, any>, baseUrl: string) {
  const paths: Record<string, unknown> = {};
  for (const [url, methods] of Object.entries<Record<string, any>>(full.paths ?? {})) {
    const kept = Object.fromEntries(Object.entries(methods).filter(([, op]) => op?.tags?.includes(INTEGRATIONS_TAG)));
    if (Object.keys(kept).length) paths[url] = kept;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Guichê — Integrations',
      version: full.info?.version ?? '0.1.0',
      description: `Send WhatsApp messages from your systems with a connection token, and receive signed webhooks of what happens.\n\n## Webhooks\n${SIGNATURE_HELP}`,
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: INTEGRATIONS_TAG, description: 'External messages API' },
      { name: 'Webhooks', description: 'Events Guichê POSTs to your subscriptions (manage them under Messages API → Webhooks)' },
    ],
    paths,
    webhooks: webhooksSection(),
  };
}
