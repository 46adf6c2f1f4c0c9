import { createSign } from 'node:crypto';
import { callOutside, outsideJson, OutsideServiceError, type ConversationInput, type ConversationOutcome } from '@guiche/core';
import type { IntegrationRow } from '../repository.js';
import { DEFAULT_LIMITS, sendText, type Ctx, type OutsideLimits } from './reply.js';

export const DIALOGFLOW_API = 'https://dialogflow.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/dialogflow';

interface ServiceAccount { client_email: string; private_key: string; token_uri?: string }
interface DetectIntentAnswer {
  queryResult?: {
    fulfillmentText?: string;
    fulfillmentMessages?: { text?: { text?: string[] } }[];
    intent?: { displayName?: string; endInteraction?: boolean };
  };
}

function credentials(jsonContent: string | null): ServiceAccount {
  try {
    const parsed = JSON.parse(jsonContent ?? '') as ServiceAccount;
    if (typeof parsed.client_email === 'string' && typeof parsed.private_key === 'string') return parsed;
  } catch {
    // falls through
  }
  throw new OutsideServiceError('the DialogFlow credentials are not a service account JSON', 'credentials');
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Google's service-account flow: a JWT signed with the account's key (RS256) is exchanged at its
 * token_uri for an access token, kept until shortly before it expires.
 */
export function createDialogflowClient(apiBase: string, limits: OutsideLimits = DEFAULT_LIMITS) {
  const tokens = new Map<string, { token: string; until: number }>();

  async function accessToken(account: ServiceAccount, signal?: AbortSignal): Promise<string> {
    const tokenUri = account.token_uri ?? 'https://oauth2.googleapis.com/token';
    const key = `${account.client_email}|${tokenUri}`;
    const cached = tokens.get(key);
    if (cached && cached.until > Date.now()) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 }))}`;
    let signature: string;
    try {
      signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url');
    } catch {
      throw new OutsideServiceError('the DialogFlow private key cannot sign', 'credentials');
    }
    const res = await callOutside(
      tokenUri,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }).toString() },
      { ...limits, signal },
    );
    const answer = await outsideJson<{ access_token?: string; expires_in?: number }>(res);
    if (!answer.access_token) throw new OutsideServiceError('the token endpoint gave no access_token', 'malformed');
    tokens.set(key, { token: answer.access_token, until: Date.now() + Math.max(60, (answer.expires_in ?? 3600) - 60) * 1000 });
    return answer.access_token;
  }

  async function detectIntent(fields: { projectName: string; jsonContent: string | null; language: string | null }, sessionId: string, text: string, signal?: AbortSignal) {
    const account = credentials(fields.jsonContent);
    const token = await accessToken(account, signal);
    const url = `${apiBase.replace(/\/+$/, '')}/v2/projects/${encodeURIComponent(fields.projectName)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
    const res = await callOutside(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ queryInput: { text: { text: text.slice(0, 256), languageCode: fields.language ?? 'pt-BR' } } }) },
      { ...limits, signal },
    );
    const answer = await outsideJson<DetectIntentAnswer>(res);
    if (!answer || typeof answer !== 'object' || !answer.queryResult) throw new OutsideServiceError('detectIntent answered without a queryResult', 'malformed');
    const result = answer.queryResult;
    const texts = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim());
    return { texts: texts.length ? texts : result.fulfillmentText ? [result.fulfillmentText] : [], endInteraction: Boolean(result.intent?.endInteraction), intent: result.intent?.displayName ?? null };
  }

  return { detectIntent };
}
export type DialogflowClient = ReturnType<typeof createDialogflowClient>;

/** detect-intent per message with the contact as the session; its end of interaction hands over. */
export function createDialogflowBehaviour(ctx: Ctx, client: DialogflowClient) {
  return async function dialogflow(input: ConversationInput, integration: IntegrationRow): Promise<ConversationOutcome> {
    const text = input.message.body.trim();
    if (!text) return 'continue';
    const result = await client.detectIntent(integration, `contact-${input.ticket.contactId}`, text, input.signal);
    for (const body of result.texts) await sendText(ctx, input, body);
    return result.endInteraction ? 'handover' : 'continue';
  };
}
