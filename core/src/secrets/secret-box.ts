import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** Answers carry this plus the last 4 characters; a value starting with it means "keep the stored one". */
export const MASK = '••••••••';

export const mask = (plain: string) => (plain ? `${MASK}${plain.length > 12 ? plain.slice(-4) : ''}` : '');
export const isMasked = (value: string) => value.startsWith(MASK);

/**
 * Secrets plugins keep at rest (API keys, service-account credentials): AES-256-GCM, sealed as
 * `v1.<iv>.<tag>.<data>`. The key: SECRETS_KEY from the environment, else one generated once and
 * kept in systemConfig (shared by every node, like the JWT secret).
 */
export async function secretBox(db: Knex, fromEnv = process.env.SECRETS_KEY) {
  let material = fromEnv;
  if (!material) {
    await db('systemConfig').insert({ key: 'secretsKey', value: randomBytes(32).toString('base64url') }).onConflict('key').ignore();
    material = (await db('systemConfig').where({ key: 'secretsKey' }).first('value')).value as string;
  }
  const key = createHash('sha256').update(material!).digest();
  return {
    seal(plain: string): string {
      if (!plain) return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
    },
    open(sealed: string): string {
      if (!sealed) return '';
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return '';
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = Awaited<ReturnType<typeof secretBox>>;
