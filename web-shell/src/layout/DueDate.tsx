import { Classes } from '@blueprintjs/core';
import { daysUntil, formatDate, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';
import { dueDateTone } from '../session/due-date.js';

export function DueDate({ dueDate }: { dueDate: string | null }) {
  const { t } = useTranslation(SHELL_NS);
  if (!dueDate) return null;
  const tone = dueDateTone(daysUntil(dueDate));
  const className = tone === 'danger' ? 'due-date due-danger' : tone === 'warning' ? 'due-date due-warning' : `due-date ${Classes.TEXT_MUTED}`;
  return (
    <span className={className} data-tone={tone}>
      ({t('topBar.activeUntil', { date: formatDate(dueDate) })})
    </span>
  );
}
