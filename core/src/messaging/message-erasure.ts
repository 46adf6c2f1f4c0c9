import type { CoreServices } from '../services.js';

/**
 * The company's LGPD "delete messages" setting (account-admin.md: lgpdDeleteMessage, shown under
 * enableLGPD): a message deleted — by the customer on their phone, or by an agent — loses its content
 * for good (text, file, file name, transcript), so agents see only that a message was deleted,
 * never what it said. Off, a deleted message keeps its content and shows as deleted.
 */
export async function erasesDeleted(core: Pick<CoreServices, 'settings'>, companyId: number): Promise<boolean> {
  const [lgpd, erase] = await Promise.all([core.settings.get(companyId, 'enableLGPD'), core.settings.get(companyId, 'lgpdDeleteMessage')]);
  return lgpd === 'enabled' && erase === 'enabled';
}

/** The columns a deletion writes: the flag, and under the setting the content gone. */
export async function deletionChanges(core: Pick<CoreServices, 'settings'>, companyId: number): Promise<Record<string, unknown>> {
  if (!(await erasesDeleted(core, companyId))) return { isDeleted: true };
  return { isDeleted: true, body: '', mediaUrl: null, mediaName: null, transcript: null };
}

/** The stored file of an erased message goes too (after the row no longer points at it). */
export async function removeErasedFile(core: Pick<CoreServices, 'storage' | 'log'>, changes: Record<string, unknown>, storedPath: string | null | undefined): Promise<void> {
  if (!storedPath || changes.mediaUrl !== null || /^[a-z][a-z0-9+.-]*:/i.test(storedPath) || storedPath.startsWith('/')) return;
  await core.storage.remove(storedPath).catch((err: unknown) => core.log.warn({ err, path: storedPath }, 'erased message file not removed'));
}
