import { PlanFlags, type PlanFlag } from '@guiche/contracts';
import { i18n } from './i18n/index.js';

const isPlanFlag = (value: unknown): value is PlanFlag => typeof value === 'string' && (PlanFlags as readonly string[]).includes(value);

/**
 * What a user reads when the company's plan lacks a module: the module by name ("O plano desta
 * empresa não inclui Campanhas."), from the `feature` (plan flag) a 403 ERR_PLAN_DISABLED carries or
 * the page's own label; the generic message only when neither is known.
 */
export function planDeniedMessage(feature?: unknown, label?: string): string {
  const name = isPlanFlag(feature) ? i18n.t(`planFeatures.${feature}`) : label;
  return name ? i18n.t('common.planLacks', { feature: name }) : i18n.t('errors.ERR_PLAN_DISABLED');
}
