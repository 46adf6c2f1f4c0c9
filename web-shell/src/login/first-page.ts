import { StorageKeys } from '@guiche/web-sdk/storage';

/** The performance mark the light login sets when it starts fetching the shell's code while idle. */
export const SHELL_PREFETCH_MARK = 'guiche:shell-prefetch';

/** Public routes the full shell serves itself (the light login links to them with plain anchors). */
const FULL_SHELL_PUBLIC_PATHS = ['/signup', '/recovery-password'];

/**
 * Whether this page load starts with the light login (issue #28): a visitor without a stored session
 * who would land on /login anyway — every private route sends them there. Someone with a token (it
 * may still be valid) and the other public pages get the whole shell at once.
 */
export function opensWithLightLogin(pathname: string, storage: Pick<Storage, 'getItem'> | null): boolean {
  if (FULL_SHELL_PUBLIC_PATHS.includes(pathname.replace(/\/+$/, ''))) return false;
  try {
    return storage !== null && !storage.getItem(StorageKeys.token);
  } catch {
    // Storage refused (a privacy setting): the whole shell copes with that on its own.
    return false;
  }
}
