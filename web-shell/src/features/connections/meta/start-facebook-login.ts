import { i18n, toastError, toastInfo, toastSuccess, toastWarning } from '@guiche/web-sdk';
import { facebookLogin } from './facebook-login.js';
import { META_NS } from './register.js';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`login.${key}`, { ns: META_NS, ...options });

/** Runs the Facebook Login of a menu item and tells the outcome; the list refreshes when pages were linked. */
export async function startFacebookLogin(channel: 'facebook' | 'instagram', refresh: () => unknown): Promise<void> {
  try {
    toastInfo(t('starting'));
    const result = await facebookLogin(channel);
    if (result.kind === 'notConfigured') toastWarning(t('notConfigured'));
    else if (result.kind === 'cancelled') toastInfo(t('cancelled'));
    else {
      toastSuccess(t('done', { count: result.count }));
      await refresh();
    }
  } catch (err) {
    toastError(err);
  }
}
