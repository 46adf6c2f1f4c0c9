import { Card, H2 } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { Icon } from '@blueprintjs/core';
import type { DashboardAnswer } from '@guiche/contracts';
import { formatDate, formatNumber, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

interface Item { key: string; label: string; value: string; icon: IconName }

/** The eight cards of inbox.md §2 Dashboard. */
export function SummaryCards({ data }: { data: DashboardAnswer }) {
  const { t } = useTranslation(NS);
  const c = data.counters;
  const minutes = (value: number) => t('cards.minutes', { value: formatNumber(value) });
  const items: Item[] = [
    { key: 'pending', label: t('cards.pending'), value: String(c.supportPending), icon: 'time' },
    { key: 'happening', label: t('cards.happening'), value: String(c.supportHappening), icon: 'chat' },
    { key: 'finished', label: t('cards.finished'), value: String(c.supportFinished), icon: 'tick-circle' },
    { key: 'closed', label: t('cards.closed'), value: String(c.supportClosedWithoutAgent), icon: 'disable' },
    { key: 'leads', label: t('cards.leads'), value: String(c.leads), icon: 'new-person' },
    { key: 'avgSupport', label: t('cards.avgSupport'), value: minutes(c.avgSupportTime), icon: 'stopwatch' },
    { key: 'avgWait', label: t('cards.avgWait'), value: minutes(c.avgWaitTime), icon: 'history' },
    { key: 'dueDate', label: t('cards.dueDate'), value: data.dueDate ? formatDate(data.dueDate) : t('cards.none'), icon: 'calendar' },
  ];
  return (
    <div className="db-cards">
      {items.map((item) => (
        <Card key={item.key} className="db-card" data-testid={`card-${item.key}`}>
          <Icon icon={item.icon} size={20} className="db-card__icon" />
          <div className="db-card__label">{item.label}</div>
          <H2 className="db-card__value">{item.value}</H2>
        </Card>
      ))}
    </div>
  );
}
