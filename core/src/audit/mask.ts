import { MASK } from '../secrets/secret-box.js';

export { MASK };

/** Field names whose values never reach the audit log: they are shown as MASK. */
const SECRET_NAME = /(pass(word)?|secret|token|api_?key|private_?key|access_?key|credential|session|qr_?code|auth_?state|hash|cookie|authorization|signature|proof)/i;


/** Fields that change on every write and say nothing about what the user changed. */
const NOISE = new Set(['updatedAt', 'createdAt']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * A copy safe to store: secret-named fields masked at any depth, and a settings-like
 * `{ key, value }` pair whose key names a secret has its value masked too.
 */
export function maskSecrets(value: unknown): Json {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const secretPair = typeof source.key === 'string' && isSecretName(source.key);
    const out: Record<string, Json> = {};
    for (const [name, inner] of Object.entries(source)) {
      const hidden = isSecretName(name) || (secretPair && name === 'value');
      out[name] = hidden ? (inner === null || inner === '' || inner === undefined ? null : MASK) : maskSecrets(inner);
    }
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

export interface ValueChange {
  old: Record<string, Json> | null;
  new: Record<string, Json> | null;
}

function asRecord(value: Json): Record<string, Json> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/**
 * The old and new values worth reading: for an update only the fields that differ (a masked
 * secret that changed still shows as changed, with both sides masked); a create or delete keeps
 * the whole masked row.
 */
export function changeOf(before: unknown, after: unknown): ValueChange {
  const oldRow = asRecord(maskSecrets(before));
  const newRow = asRecord(maskSecrets(after));
  if (!oldRow || !newRow) return { old: oldRow, new: newRow };
  const rawOld = (before ?? {}) as Record<string, unknown>;
  const rawNew = (after ?? {}) as Record<string, unknown>;
  const changedOld: Record<string, Json> = {};
  const changedNew: Record<string, Json> = {};
  for (const name of new Set([...Object.keys(oldRow), ...Object.keys(newRow)])) {
    if (NOISE.has(name)) continue;
    // Compared before masking, so a changed secret still counts as a change.
    if (JSON.stringify(rawOld[name] ?? null) === JSON.stringify(rawNew[name] ?? null)) continue;
    changedOld[name] = oldRow[name] ?? null;
    changedNew[name] = newRow[name] ?? null;
  }
  return { old: changedOld, new: changedNew };
}
