import { useEffect, useState } from 'react';
import { useSession, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { announceLogin } from '../session/after-login.js';
import { peekHandover, settleHandover } from './handover.js';

/**
 * After a login made on the light first page (issue #28): the toasts a login in the shell's own form
 * shows. The light page already put the address where that login leads. A session that fails to
 * start (the token refused) shows none: the shell is back on /login.
 */
export function SignedInHandover() {
  const { t } = useTranslation(SHELL_NS);
  const { user, loading } = useSession();
  const [handover] = useState(() => peekHandover('signed-in'));
  // Once the session has its user (the shell reads it from the stored token): the page behind the
  // toasts is drawn by then, as after a login in the shell's form, and they last as long over it.
  const ready = !loading && user !== null;
  useEffect(() => {
    if (handover && ready && settleHandover(handover)) announceLogin(handover.data, t);
  }, [handover, ready, t]);
  return null;
}
