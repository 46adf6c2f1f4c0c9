import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <NonIdealState icon={<Spinner size={40} />} description={label ?? t('common.loading')} aria-busy="true" />;
}
