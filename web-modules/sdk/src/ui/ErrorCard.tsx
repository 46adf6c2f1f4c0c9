import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../toast.js';

export interface ErrorCardProps {
  title?: string;
  /** An error (translated like a toast would be) or a ready message. */
  error?: unknown;
  message?: string;
  onRetry?(): void;
}

export function ErrorCard({ title, error, message, onRetry }: ErrorCardProps) {
  const { t } = useTranslation();
  const text = message ?? (error !== undefined ? errorText(error) : t('common.genericError'));
  return (
    <Callout intent={Intent.DANGER} title={title ?? t('common.genericError')} icon="error" role="alert" style={{ margin: 16, width: 'auto', overflowWrap: 'anywhere' }}>
      <p>{text}</p>
      {onRetry && <Button icon="refresh" text={t('common.retry')} onClick={onRetry} />}
    </Callout>
  );
}
