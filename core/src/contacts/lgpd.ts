import { maskContactNumber, type Contact } from '@guiche/contracts';
import type { AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';

/** Whether this caller sees contact numbers masked (inbox.md §6: user profiles under lgpdHideNumber). */
export async function hidesNumbers(core: CoreServices, auth: AuthUser): Promise<boolean> {
  if (auth.profile !== 'user' || auth.super) return false;
  return (await core.settings.get(auth.companyId, 'lgpdHideNumber')) === 'enabled';
}

export function maskContact<T extends Pick<Contact, 'number' | 'isGroup'>>(contact: T): T {
  return { ...contact, number: maskContactNumber(contact.number, contact.isGroup) };
}

export function maskIf<T extends Pick<Contact, 'number' | 'isGroup'>>(hide: boolean, contact: T): T {
  return hide ? maskContact(contact) : contact;
}
