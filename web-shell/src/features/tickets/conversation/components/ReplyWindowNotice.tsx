import { Button, Callout, Intent } from '@blueprintjs/core';
import { formatDateTime, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import type { ReplyWindowInfo } from '../hooks/useReplyWindow.js';

interface Props {
  info: ReplyWindowInfo;
  /** The ticket may be answered (open and taken): the template action is offered. */
  writable: boolean;
  onTemplate(): void;
}

/** Meta's window once closed: what the input may still send, instead of a send that would fail. */
export function ReplyWindowNotice({ info, writable, onTemplate }: Props) {
  const { t } = useTranslation(NS);
  const { state, window } = info;
  if (state === 'open') return null;
  const since = window.lastInboundAt ? formatDateTime(window.lastInboundAt) : null;
  if (state === 'template') {
    return (
      <Callout intent={Intent.WARNING} icon="time" className="cv-notice" data-testid="reply-window-closed" data-window-state={state}>
        <p>{since ? t('window.templateOnly', { since }) : t('window.templateOnlyNever')}</p>
        {writable && <Button intent="primary" icon="document" text={t('window.sendTemplate')} onClick={onTemplate} data-testid="template-open" />}
      </Callout>
    );
  }
  if (state === 'humanAgent') {
    const until = window.lastInboundAt ? formatDateTime(new Date(new Date(window.lastInboundAt).getTime() + 7 * 24 * 3600 * 1000).toISOString()) : '';
    return (
      <Callout intent={Intent.WARNING} icon="person" className="cv-notice" data-testid="reply-window-closed" data-window-state={state}>
        {t('window.humanAgent', { until })}
      </Callout>
    );
  }
  return (
    <Callout intent={Intent.DANGER} icon="lock" className="cv-notice" data-testid="reply-window-closed" data-window-state={state}>
      {since ? t('window.closed', { since }) : t('window.closedNever')}
    </Callout>
  );
}
