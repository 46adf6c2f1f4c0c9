import type { AuthResponse } from '@guiche/contracts';
import { daysUntil, formatDate, toastError, toastSuccess, toastWarning } from '@guiche/web-sdk';
import { shouldWarnAtLogin } from './due-date.js';

/**
 * The toasts of a login that just succeeded (the shell's form or the light login's), and where the
 * person goes next: billing when the subscription has expired, the tickets otherwise.
 */
/** The shell namespace's t (useTranslation(SHELL_NS)). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function announceLogin(data: AuthResponse, t: Translate): string {
  const dueDate = data.user.company?.dueDate ?? null;
  if (data.subscriptionExpired) {
    toastError(t('expired.message', { date: formatDate(dueDate) }));
    return '/financeiro-aberto';
  }
  toastSuccess(t('login.success'));
  const days = daysUntil(dueDate);
  if (shouldWarnAtLogin(days)) {
    toastWarning(days === 0 ? t('login.dueToday', { date: formatDate(dueDate) }) : t('login.dueSoon', { count: days ?? 0, date: formatDate(dueDate) }), 6000);
  }
  return '/tickets';
}
