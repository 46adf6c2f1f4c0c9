import { useEffect, useState } from 'react';
import { useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { announceLogin } from '../session/after-login.js';
import { peekHandover, settleHandover } from './handover.js';

/**
 * After a login made on the light first page (issue #28): the toasts a login in the shell's own form
 * shows. The light page already put the address where that login leads.
 */
export function SignedInHandover() {
  const { t } = useTranslation(SHELL_NS);
  const [handover] = useState(() => peekHandover('signed-in'));
  useEffect(() => {
    if (handover && settleHandover(handover)) announceLogin(handover.data, t);
  }, [handover, t]);
  return null;
}
