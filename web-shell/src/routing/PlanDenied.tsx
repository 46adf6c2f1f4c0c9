import { useEffect } from 'react';
import { Intent, NonIdealState } from '@blueprintjs/core';
import { DENIAL_REDIRECT_MS, ERROR_TOAST_MS, i18n, navigateTo, showToast, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import type { MenuItem } from '../menu/menu-items.js';

/**
 * A page of a plan module the company's plan does not enable (its remote is not loaded): a state
 * naming what the plan lacks, the denial toast, then / after 1 s (outreach-config.md §6, §8).
 */
export function PlanDenied({ item }: { item: MenuItem }) {
  const { t } = useTranslation(SHELL_NS);
  useEffect(() => {
    showToast({ message: i18n.t('errors.ERR_PLAN_DISABLED'), intent: Intent.DANGER, timeout: ERROR_TOAST_MS });
    const timer = setTimeout(() => navigateTo('/'), DENIAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="access-state" data-testid="plan-denied">
      <NonIdealState
        icon="lock"
        title={t('access.planTitle')}
        description={t('access.plan', { feature: t(item.labelKey) })}
      />
    </div>
  );
}
