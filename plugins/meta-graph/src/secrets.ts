import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets at rest (access tokens, app secrets): AES-256-GCM with a key from the environment,
 * META_SECRETS_KEY (any string; its SHA-256 is the key). Without it, a key file under DATA_DIR
 * (created once, mode 0600) keeps single-node installs working; production sets the variable.
 */
const PREFIX = 'v1:';

let cached: { source: string; key: Buffer } | null = null;

function keyOf(env: Record<string, string | undefined>): Buffer {
  const fromEnv = env.META_SECRETS_KEY;
  const source = fromEnv ? `env:${fromEnv}` : `file:${path.resolve(env.DATA_DIR ?? './data', 'meta-secrets.key')}`;
  if (cached?.source === source) return cached.key;
  let material: string;
  if (fromEnv) material = fromEnv;
  else {
    const file = source.slice(5);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      try {
        fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    material = fs.readFileSync(file, 'utf8').trim();
  }
  const key = createHash('sha256').update(material).digest();
  cached = { source, key };
  return key;
}

export function encryptSecret(plain: string, env: Record<string, string | undefined> = process.env): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(env), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

export function decryptSecret(stored: string, env: Record<string, string | undefined> = process.env): string {
  if (!stored.startsWith(PREFIX)) throw new Error('secret not encrypted with a known scheme');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(env), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** What the API shows of a secret: never more than its last four characters. */
export function maskSecret(plain: string | null | undefined): string | null {
  if (!plain) return null;
  return plain.length <= 8 ? '••••' : `••••${plain.slice(-4)}`;
}
