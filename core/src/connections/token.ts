import { randomInt } from 'node:crypto';
import { CONNECTION_TOKEN_ALPHABET, CONNECTION_TOKEN_LENGTH } from '@guiche/contracts';

/** 30 uppercase alphanumerics from the CSPRNG, each character drawn without modulo bias. */
export function generateConnectionToken(): string {
  let token = '';
  for (let i = 0; i < CONNECTION_TOKEN_LENGTH; i++) token += CONNECTION_TOKEN_ALPHABET[randomInt(CONNECTION_TOKEN_ALPHABET.length)];
  return token;
}
