import { Icon } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { ackState } from '../lib/messages.js';
import { NS } from '../i18n/register.js';

/** inbox.md §4: 0 clock, 1 sent (one tick), 2 delivered (two ticks), 3–4 read (two blue ticks). */
export function AckIcon({ ack, connectionDown = false }: { ack: number; connectionDown?: boolean }) {
  const { t } = useTranslation(NS);
  const state = ackState(ack);
  const label = t(`ack.${state}`);
  // Not yet sent while the connection is down: it waits for the connection, and says so in words.
  if (state === 'clock' && connectionDown)
    return (
      <span className="cv-ack cv-ack--waiting" data-ack="waiting">
        <Icon icon="time" size={12} />
        {t('ack.waiting')}
      </span>
    );
  if (state === 'clock') return <Icon icon="time" size={12} className="cv-ack" title={label} aria-label={label} data-ack={state} />;
  if (state === 'sent') return <Icon icon="small-tick" size={14} className="cv-ack" title={label} aria-label={label} data-ack={state} />;
  return (
    <span className={`cv-ack cv-ack--double${state === 'read' ? ' cv-ack--read' : ''}`} title={label} aria-label={label} role="img" data-ack={state}>
      <Icon icon="small-tick" size={14} />
      <Icon icon="small-tick" size={14} />
    </span>
  );
}
