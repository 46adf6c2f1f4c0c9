import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

export function NotFoundPage() {
  const { t } = useTranslation(SHELL_NS);
  return <NonIdealState icon="search" title={t('notFound.title')} action={<Link to="/">{t('notFound.back')}</Link>} />;
}
