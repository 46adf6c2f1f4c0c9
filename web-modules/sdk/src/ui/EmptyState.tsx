import { NonIdealState } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  icon?: IconName;
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ icon = 'inbox', title, description, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return <NonIdealState icon={icon} title={title ?? t('common.empty')} description={description} action={action as never} />;
}
