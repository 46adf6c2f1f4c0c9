/** The DialogFlow credentials' private key never leaves the server: answers carry this instead. */
export const MASK = '••••••••';

/** jsonContent with its private_key masked (not JSON: masked whole). */
export function maskJson(jsonContent: string | null): string | null {
  if (!jsonContent) return jsonContent;
  try {
    const parsed = JSON.parse(jsonContent) as Record<string, unknown>;
    if (typeof parsed.private_key === 'string') parsed.private_key = MASK;
    return JSON.stringify(parsed, null, 2);
  } catch {
    return MASK;
  }
}

/** What the dialog sent back, with a masked key (or a wholly masked value) replaced by the stored one. */
export function unmaskJson(incoming: string | null, stored: string | null): string | null {
  if (!incoming || !stored) return incoming;
  if (incoming === MASK) return stored;
  try {
    const next = JSON.parse(incoming) as Record<string, unknown>;
    if (next.private_key !== MASK) return incoming;
    const old = JSON.parse(stored) as Record<string, unknown>;
    return JSON.stringify({ ...next, private_key: old.private_key });
  } catch {
    return incoming;
  }
}
