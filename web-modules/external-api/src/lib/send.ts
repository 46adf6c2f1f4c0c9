/** The page's test forms call the real endpoint with the connection token, not the user's session. */
export const SEND_URL = '/api/messages/send';

export interface SendAnswer {
  status: number;
  body: unknown;
}

export async function sendTest(token: string, body: BodyInit, json: boolean): Promise<SendAnswer> {
  const res = await fetch(SEND_URL, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.trim()}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: shown as it came
  }
  return { status: res.status, body: parsed };
}

export type FieldErrors = Partial<Record<'token' | 'number' | 'body' | 'file', string>>;

/** outreach-config.md §5: token and number required (digits only); body for text, a file for media. */
export function validate(values: { token: string; number: string; body: string; files?: File[] }, kind: 'text' | 'media'): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.token.trim()) errors.token = 'validation.required';
  if (!values.number.trim()) errors.number = 'validation.required';
  else if (!/^\d{8,20}$/.test(values.number.trim())) errors.number = 'validation.apiNumber';
  if (kind === 'text' && !values.body.trim()) errors.body = 'validation.apiBodyRequired';
  if (kind === 'media' && !values.files?.length) errors.file = 'validation.required';
  return errors;
}

/** The curl examples, with the picked connection's token when there is one. */
export function curlExamples(base: string, token?: string): { text: string; media: string } {
  const bearer = token || 'SEU_TOKEN';
  return {
    text: [
      `curl -X POST '${base}${SEND_URL}' \\`,
      `  -H 'Authorization: Bearer ${bearer}' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -H 'Idempotency-Key: pedido-1234' \\`,
      `  -d '{"number":"5511999998888","body":"Seu pedido saiu para entrega."}'`,
    ].join('\n'),
    media: [
      `curl -X POST '${base}${SEND_URL}' \\`,
      `  -H 'Authorization: Bearer ${bearer}' \\`,
      `  -F 'number=5511999998888' \\`,
      `  -F 'body=Sua nota fiscal' \\`,
      `  -F 'medias=@nota.pdf' \\`,
      `  -F 'medias=@foto.jpg'`,
    ].join('\n'),
  };
}
