import type { Connection, ContactChannel, SessionUser } from '@guiche/contracts';

/** Connections a ticket for this contact can go through: those of the contact's channel. */
export function connectionsForChannel<C extends Pick<Connection, 'channel'>>(connections: C[], channel: ContactChannel): C[] {
  return connections.filter((c) => c.channel === channel);
}

/** The connection preselected: the user's own one, else the company default, else the first. */
export function defaultConnectionId(
  connections: Pick<Connection, 'id' | 'isDefault'>[],
  userConnectionId: number | null | undefined,
): number | null {
  if (userConnectionId && connections.some((c) => c.id === userConnectionId)) return userConnectionId;
  return (connections.find((c) => c.isDefault) ?? connections[0])?.id ?? null;
}

/** inbox.md §5: a queue must be chosen unless the user is an admin. */
export function queueRequired(user: Pick<SessionUser, 'profile' | 'super'>): boolean {
  return user.profile !== 'admin' && !user.super;
}
