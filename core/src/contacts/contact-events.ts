import { Events, Rooms, type Contact } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import { maskContact } from './lgpd.js';

/** Bus topic of every contact created or updated, with the record as the API answers it (unmasked). */
export const CONTACT_CHANGED = 'core.contact.changed';
export interface ContactChange {
  action: 'create' | 'update';
  companyId: number;
  contact: Contact;
}

/**
 * company-{id}-contact: every user of the company may see contacts, but under lgpdHideNumber the
 * plain users must get the masked number, so then the full record goes to the admins' room and the
 * masked one to each plain user's own room.
 */
export async function emitContact(core: CoreServices, companyId: number, action: 'create' | 'update', contact: Contact): Promise<void> {
  const event = Events.contact(companyId);
  const change: ContactChange = { action, companyId, contact };
  await core.bus.publish(CONTACT_CHANGED, change, { companyId }).catch((err: unknown) => core.log.warn({ err, contactId: contact.id }, 'contact change not published'));
  if ((await core.settings.get(companyId, 'lgpdHideNumber')) !== 'enabled') {
    core.realtime.emit(Rooms.company(companyId), event, { action, contact });
    return;
  }
  core.realtime.emit(Rooms.companyAdmins(companyId), event, { action, contact });
  const users: { id: number }[] = await core.db('users').where({ companyId, profile: 'user', super: false }).select('id');
  if (users.length) core.realtime.emit(users.map((u) => Rooms.user(u.id)), event, { action, contact: maskContact(contact) });
}

export function emitContactDeleted(core: CoreServices, companyId: number, contactId: number): void {
  core.realtime.emit(Rooms.company(companyId), Events.contact(companyId), { action: 'delete', contactId });
}
