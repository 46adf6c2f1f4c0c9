import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCountedAsLoading } from '../realtime/first-screen.js';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  // A screen with a spinner is not drawn yet (first-screen.ts).
  useCountedAsLoading();
  return <NonIdealState icon={<Spinner size={40} />} description={label ?? t('common.loading')} aria-busy="true" />;
}
