import { Events } from '@guiche/contracts';
import { toastError, useSession, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

/** Delay before reloading once another login took this session (account-admin.md §4). */
export const LOGGED_ELSEWHERE_RELOAD_MS = 1000;

/** company-{id}-auth { action: 'logout', userId }: this user logged in on another computer. */
export function useLoggedInElsewhere(): void {
  const { t } = useTranslation(SHELL_NS);
  const { user } = useSession();
  useSocketEvent<{ action?: string; userId?: number }>(user ? Events.auth(user.companyId) : null, (data) => {
    if (!user || data?.action !== 'logout' || data.userId !== user.id) return;
    toastError(t('topBar.loggedElsewhere'));
    localStorage.clear();
    setTimeout(() => window.location.reload(), LOGGED_ELSEWHERE_RELOAD_MS);
  });
}
