import type { Contact, ContactMergePreview } from '@guiche/contracts';
import { AppError } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { mergeContacts, previewMerge } from './contact-merge.js';
import { announceMerge } from './contact-merge-events.js';
import { findContact } from './contact-repository.js';

async function pair(core: CoreServices, companyId: number, keptId: number, mergedId: number | undefined): Promise<{ kept: Contact; merged: Contact }> {
  // Another company's contact is no contact at all here: 404 before anything else is said about it.
  const kept = await findContact(core.db, companyId, keptId);
  if (!kept) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  if (mergedId === undefined) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['otherId'], message: 'validation.required' }] });
  if (keptId === mergedId) throw new AppError('ERR_CONTACT_MERGE_SAME', 400);
  const merged = await findContact(core.db, companyId, mergedId);
  if (!merged) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  if (kept.channel !== merged.channel || kept.isGroup !== merged.isGroup) throw new AppError('ERR_CONTACT_MERGE_CHANNEL', 400);
  return { kept, merged };
}

/** What an admin's merge of `mergedId` into `keptId` would move (the dialog's preview). */
export async function mergePreview(core: CoreServices, companyId: number, keptId: number, mergedId: number | undefined): Promise<ContactMergePreview> {
  const { kept, merged } = await pair(core, companyId, keptId, mergedId);
  return { kept, merged, moves: await previewMerge(core.db, companyId, keptId, merged.id) };
}

/** An admin merges a duplicate the system could not know about: logged with the admin's id. */
export async function mergeByAdmin(core: CoreServices, companyId: number, userId: number, keptId: number, mergedId: number): Promise<Contact> {
  await pair(core, companyId, keptId, mergedId);
  const merge = await core.db.transaction((trx) => mergeContacts(trx, companyId, keptId, mergedId, { reason: 'manual', userId }));
  if (!merge) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  await announceMerge(core, companyId, merge).catch((err: unknown) => core.log.warn({ err }, 'merge not announced'));
  const kept = await findContact(core.db, companyId, keptId);
  if (!kept) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  return kept;
}
