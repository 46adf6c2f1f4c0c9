import { Card, H5, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import type { DashboardAttendant } from '@guiche/contracts';
import { Avatar, formatNumber, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-label={formatNumber(rating, ONE_DECIMAL)} title={formatNumber(rating, ONE_DECIMAL)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} icon={rating >= n - 0.25 ? 'star' : 'star-empty'} size={12} intent={rating >= n - 0.25 ? 'warning' : 'none'} />
      ))}
    </span>
  );
}

export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Tag round minimal intent={online ? 'success' : 'none'} icon={<span className={`db-dot ${online ? 'db-dot--on' : ''}`} />}>
      {online ? t('attendants.online') : t('attendants.offline')}
    </Tag>
  );
}

/** The attendants table: name, score, rated calls, total calls, average wait and service, online. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation(NS);
  const minutes = (v: number) => t('cards.minutes', { value: formatNumber(v) });
  return (
    <Card className="db-table-card">
      <H5>{t('attendants.table')}</H5>
      <HTMLTable striped compact className="db-table" aria-label={t('attendants.table')} data-testid="attendants-table">
        <thead>
          <tr>
            <th>{t('attendants.name')}</th>
            <th>{t('attendants.score')}</th>
            <th>{t('attendants.rated')}</th>
            <th>{t('attendants.total')}</th>
            <th>{t('attendants.avgWait')}</th>
            <th>{t('attendants.avgSupport')}</th>
            <th>{t('attendants.status')}</th>
          </tr>
        </thead>
        <tbody>
          {attendants.map((a) => (
            <tr key={a.id} data-testid={`attendant-${a.id}`}>
              <td><span className="db-name"><Avatar name={a.name} url={null} size={24} /> {a.name}</span></td>
              <td><Stars rating={a.rating} /></td>
              <td>{a.countRating}</td>
              <td>{a.tickets}</td>
              <td>{minutes(a.avgWaitTime)}</td>
              <td>{minutes(a.avgSupportTime)}</td>
              <td data-testid={`attendant-${a.id}-status`}><OnlineTag online={a.online} /></td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
