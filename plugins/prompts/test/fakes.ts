import { startFakeServer, type FakeRequest, type FakeServer } from '@guiche/core/testing';

/**
 * An OpenAI-compatible API (POST /v1/chat/completions with tools, POST /v1/audio/transcriptions as
 * multipart) and Azure's text-to-speech REST endpoint (SSML in, audio out). The model's answers are
 * scripted by the last user message: "humano?" → a transfer_to_human tool call; else an echo.
 */
export interface FakeOpenAi extends FakeServer {
  completions(): FakeRequest[];
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const server = await startFakeServer();
  server.route('POST', '/v1/chat/completions', (req) => {
    if (!String(req.headers.authorization).startsWith('Bearer sk-')) return { status: 401, json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } };
    const messages: { role: string; content: string }[] = req.json.messages;
    const last = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const usage = { prompt_tokens: 50 + messages.length, completion_tokens: 7, total_tokens: 57 + messages.length };
    if (/reclamação/i.test(last)) {
      return {
        json: {
          id: 'chatcmpl-2', object: 'chat.completion', created: 1, model: req.json.model,
          choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: 'Vou chamar um atendente.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'transfer_to_human', arguments: '{"reason":"reclamação"}' } }] } }],
          usage,
        },
      };
    }
    return { json: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: req.json.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `IA (${messages.length} msgs): ${last}` } }], usage } };
  });
  server.route('POST', '/v1/audio/transcriptions', (req) => {
    const body = req.raw.toString('latin1');
    if (!/name="file"/.test(body) || !/name="model"\r\n\r\nwhisper-1/.test(body)) return { status: 400, json: { error: { message: 'file and model are required' } } };
    return { json: { text: 'quanto custa o frete' } };
  });
  return Object.assign(server, { completions: () => server.requests.filter((r) => r.path === '/v1/chat/completions') });
}

/** Azure Speech: POST /cognitiveservices/v1 with the subscription key; answers Ogg/Opus bytes. */
export async function startFakeTts(): Promise<FakeServer> {
  const server = await startFakeServer();
  server.route('POST', '/cognitiveservices/v1', (req) => {
    if (req.headers['ocp-apim-subscription-key'] !== 'voz-123') return { status: 401, body: '' };
    if (!String(req.headers['content-type']).startsWith('application/ssml+xml')) return { status: 400, body: '' };
    return { headers: { 'content-type': 'audio/ogg' }, body: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(64, 1)]) };
  });
  return server;
}
