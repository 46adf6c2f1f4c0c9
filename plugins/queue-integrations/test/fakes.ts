import { createVerify, generateKeyPairSync } from 'node:crypto';
import { startFakeServer, type FakeServer } from '@guiche/core/testing';

/**
 * A Typebot speaking its chat API (POST /api/v1/typebots/{publicId}/startChat and
 * /api/v1/sessions/{sessionId}/continueChat). The flow "atendimento": a greeting with a choice
 * input (Vendas, Suporte); after a choice, a text input; after that text, a goodbye and the end.
 */
export interface FakeTypebot extends FakeServer {
  sessions: Map<string, { step: number; answers: string[] }>;
}

const bubble = (markdown: string) => ({ id: `b${Math.random().toString(36).slice(2)}`, type: 'text', content: { type: 'markdown', markdown } });

export async function startFakeTypebot(): Promise<FakeTypebot> {
  const server = await startFakeServer();
  const sessions = new Map<string, { step: number; answers: string[] }>();
  let seq = 0;
  const step = (sessionId: string) => {
    const s = sessions.get(sessionId)!;
    if (s.step === 0) {
      return {
        messages: [bubble('Olá! Sou o robô da loja.'), bubble('Com qual setor quer falar?')],
        input: { id: 'choice1', type: 'choice input', items: [{ id: 'i1', content: 'Vendas' }, { id: 'i2', content: 'Suporte' }] },
      };
    }
    if (s.step === 1) return { messages: [bubble(`Você escolheu ${s.answers.at(-1)}. Qual o seu pedido?`)], input: { id: 'text1', type: 'text input' } };
    return { messages: [bubble(`Anotado: ${s.answers.at(-1)}. Um atendente vai continuar.`)] };
  };
  server.route('GET', '/media/bolo.png', () => ({ headers: { 'content-type': 'image/png' }, body: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }));
  server.route('POST', /^\/api\/v1\/typebots\/([^/]+)\/startChat$/, (req) => {
    // "catalogo": a rich-text bubble, an image bubble and a wait block, then the end of the flow.
    if (req.params[0] === 'catalogo') {
      return {
        json: {
          sessionId: `sess-${++seq}`,
          messages: [
            { id: 'r1', type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Nosso bolo ' }, { text: 'do dia', bold: true }] }] } },
            { id: 'img1', type: 'image', content: { url: `${server.url}/media/bolo.png` } },
          ],
          clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 0.1 }, lastBubbleBlockId: 'img1' }],
        },
      };
    }
    if (req.params[0] !== 'atendimento') return { status: 404, json: { message: 'Typebot not found', code: 'NOT_FOUND' } };
    const sessionId = `sess-${++seq}`;
    sessions.set(sessionId, { step: 0, answers: [] });
    return { json: { sessionId, typebot: { id: 'tb1', theme: {}, settings: {} }, ...step(sessionId) } };
  });
  server.route('POST', /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/, (req) => {
    const s = sessions.get(req.params[0]);
    if (!s) return { status: 404, json: { message: 'Session not found.', code: 'NOT_FOUND' } };
    s.answers.push(req.json?.message?.text ?? '');
    s.step++;
    const answer = step(req.params[0]);
    if (!('input' in answer)) sessions.delete(req.params[0]);
    return { json: answer };
  });
  return Object.assign(server, { sessions });
}

/**
 * DialogFlow ES: Google's token endpoint (a JWT-bearer assertion signed with the service account's
 * key, checked against its public key) and detectIntent, answering by intent rules.
 */
export interface FakeDialogflow extends FakeServer {
  credentials(projectId: string): string;
  /** Texts detected, with the session they came on. */
  detected: { session: string; text: string; languageCode: string }[];
}

export async function startFakeDialogflow(): Promise<FakeDialogflow> {
  const server = await startFakeServer();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const detected: FakeDialogflow['detected'] = [];
  const tokens = new Set<string>();
  server.route('POST', '/token', (req) => {
    const form = new URLSearchParams(req.raw.toString('utf8'));
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const ok = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && signature && createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature, 'base64url');
    if (!ok) return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    const token = `ya29.${Math.random().toString(36).slice(2)}`;
    tokens.add(token);
    return { json: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  });
  server.route('POST', /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/, (req) => {
    if (!tokens.has(String(req.headers.authorization).replace('Bearer ', ''))) return { status: 401, json: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    const text: string = req.json?.queryInput?.text?.text ?? '';
    detected.push({ session: req.params[1], text, languageCode: req.json?.queryInput?.text?.languageCode });
    const bye = /tchau/i.test(text);
    const fulfillmentText = bye ? 'Até logo! Vou chamar um atendente.' : `Entendi: ${text}`;
    return {
      json: {
        responseId: 'r1',
        queryResult: {
          queryText: text,
          languageCode: req.json?.queryInput?.text?.languageCode,
          fulfillmentText,
          fulfillmentMessages: [{ text: { text: [fulfillmentText] } }],
          intent: { name: `projects/${req.params[0]}/agent/intents/1`, displayName: bye ? 'despedida' : 'eco', endInteraction: bye },
          intentDetectionConfidence: 1,
        },
      },
    };
  });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return Object.assign(server, {
    detected,
    credentials: (projectId: string) =>
      JSON.stringify({ type: 'service_account', project_id: projectId, private_key_id: 'k1', private_key: pem, client_email: `bot@${projectId}.iam.gserviceaccount.com`, token_uri: `${server.url}/token` }),
  });
}
