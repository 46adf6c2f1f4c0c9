import type { Connection } from '@guiche/contracts';

/** Admins of plans with the messages API, on a saved connection other than a website chat (whose key is public). */
export function showsApiToken(connection: Pick<Connection, 'channel'> | undefined, user: { profile: string; super?: boolean } | null, planFlags: Record<string, boolean>): boolean {
  return !!connection && connection.channel !== 'webchat' && !!user && (user.profile === 'admin' || !!user.super) && !!planFlags.useExternalApi;
}
