import { useEffect } from 'react';
import { Intent } from '@blueprintjs/core';
import { DENIAL_REDIRECT_MS, ERROR_TOAST_MS, i18n, navigateTo, showToast } from '@guiche/web-sdk';

/**
 * A page of a plan module the company's plan does not enable (its remote is not loaded):
 * the denial message, then / after 1 s (outreach-config.md §6, §8).
 */
export function PlanDenied() {
  useEffect(() => {
    showToast({ message: i18n.t('errors.ERR_PLAN_DISABLED'), intent: Intent.DANGER, timeout: ERROR_TOAST_MS });
    const timer = setTimeout(() => navigateTo('/'), DENIAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
