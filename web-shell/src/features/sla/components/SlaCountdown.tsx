import { Intent, Tag } from '@blueprintjs/core';
import type { TicketSla } from '@guiche/contracts';
import { formatDateTime, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { durationText, slaClock, useNow } from '../lib/clock.js';

const INTENT = { ok: Intent.NONE, warning: Intent.WARNING, breached: Intent.DANGER } as const;

/** A waiting ticket's SLA countdown on its row (issue #33), ticking live; amber at 75 %, red once breached. */
export function SlaCountdown({ sla, status }: { sla: TicketSla | null | undefined; status: string }) {
  const now = useNow();
  const { t } = useTranslation(NS);
  const clock = slaClock(sla, status, now);
  if (!clock) return null;
  const kind = t(`row.${clock.kind}`);
  const time = durationText(clock.remainingMs);
  return (
    <Tag
      minimal={clock.state === 'ok'}
      intent={INTENT[clock.state]}
      icon="stopwatch"
      title={t('row.title', { kind, due: formatDateTime(clock.dueAt) })}
      data-testid="ticket-sla"
      data-sla-state={clock.state}
      data-sla-kind={clock.kind}
    >
      {clock.state === 'breached' ? t('row.breached', { kind, time }) : t('row.remaining', { kind, time })}
    </Tag>
  );
}
