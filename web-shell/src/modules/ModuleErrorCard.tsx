import { ErrorCard, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

export function ModuleErrorCard({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation(SHELL_NS);
  return <ErrorCard title={t('modules.failedTitle')} message={t('modules.failed', { id: moduleId })} onRetry={() => window.location.reload()} />;
}
