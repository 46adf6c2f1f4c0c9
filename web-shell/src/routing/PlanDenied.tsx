import { useEffect } from 'react';
import { Intent, NonIdealState } from '@blueprintjs/core';
import { DENIAL_REDIRECT_MS, ERROR_TOAST_MS, navigateTo, planDeniedMessage, showToast, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import type { MenuItem } from '../menu/menu-items.js';

/**
 * A page of a plan module the company's plan does not enable (its remote is not loaded): a state
 * naming what the plan lacks, the denial toast naming it too, then / after 1 s (outreach-config.md §6, §8).
 */
export function PlanDenied({ item }: { item: MenuItem }) {
  const { t } = useTranslation(SHELL_NS);
  useEffect(() => {
    showToast({ message: planDeniedMessage(undefined, t(item.labelKey)), intent: Intent.DANGER, timeout: ERROR_TOAST_MS });
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
