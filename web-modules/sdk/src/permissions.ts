import type { SessionUser } from '@guiche/contracts';

/** Static permissions granted to admins (inbox.md §6, account-admin.md §6); a plain user has none. */
export const AdminPermissions = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'tickets-manager:closeAll',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
] as const;
export type Permission = (typeof AdminPermissions)[number];

export function isAdmin(user: Pick<SessionUser, 'profile'> | null | undefined): boolean {
  return user?.profile === 'admin';
}

/** An admin or a super user: who the server's requireAdmin lets through (e.g. a Cloud API connection's template sync). */
export function isAdminOrSuper(user: Pick<SessionUser, 'profile' | 'super'> | null | undefined): boolean {
  return isAdmin(user) || Boolean(user?.super);
}

export function can(user: Pick<SessionUser, 'profile'> | null | undefined, permission: Permission): boolean {
  return isAdmin(user) && (AdminPermissions as readonly string[]).includes(permission);
}
