import { z } from 'zod';
import { DestinationError, resolveDestination } from '@guiche/core';
import { IntegrationV, type IntegrationInput } from '@guiche/contracts';

/**
 * The URL an admin types is checked on save as the webhooks' is (the call checks it again, pinned):
 * a host in a private, loopback or link-local range is bad input unless the operator allows it;
 * a name that does not resolve yet is accepted (DNS may come later).
 */
export async function checkDestination(input: Pick<IntegrationInput, 'type' | 'urlN8N'>, allowPrivate: boolean): Promise<void> {
  if (input.type === 'dialogflow' || !input.urlN8N) return;
  try {
    await resolveDestination(input.urlN8N, allowPrivate);
  } catch (err) {
    if (err instanceof DestinationError && err.refused) {
      throw new z.ZodError([{ code: 'custom', path: ['urlN8N'], message: IntegrationV.destination, input: input.urlN8N }]);
    }
  }
}

/** INTEGRATIONS_ALLOW_PRIVATE=1 (else WEBHOOKS_ALLOW_PRIVATE's value) lets calls reach private addresses, e.g. an n8n beside Guichê. */
export function allowPrivateFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.INTEGRATIONS_ALLOW_PRIVATE ?? env.WEBHOOKS_ALLOW_PRIVATE;
  return value === '1' || value === 'true';
}
