import { Button, HTMLTable } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import type { ReportTicket } from '@guiche/contracts';
import { TagChip, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { formatDuration, formatSp } from '../lib/report-filters.js';

/** The report's columns (outreach-config.md Tickets report) with the open-ticket link. */
export function ReportTable({ tickets }: { tickets: ReportTicket[] }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const statusLabel = (s: string) => (['open', 'pending', 'closed', 'group'].includes(s) ? t(`status.${s}`) : s);
  return (
    <HTMLTable striped compact interactive className="rp-table" aria-label={t('table.label')} data-testid="report-table">
      <thead>
        <tr>
          <th>{t('table.id')}</th>
          <th>{t('table.connection')}</th>
          <th>{t('table.contact')}</th>
          <th>{t('table.user')}</th>
          <th>{t('table.queue')}</th>
          <th>{t('table.status')}</th>
          <th>{t('table.lastMessage')}</th>
          <th>{t('table.createdAt')}</th>
          <th>{t('table.closedAt')}</th>
          <th>{t('table.supportTime')}</th>
          <th>{t('table.nps')}</th>
          <th>{t('table.closeReason')}</th>
          <th>{t('table.open')}</th>
        </tr>
      </thead>
      <tbody>
        {tickets.map((r) => (
          <tr key={r.id} data-testid={`report-row-${r.id}`}>
            <td>{r.id}</td>
            <td>{r.whatsappName ?? ''}</td>
            <td>{r.contactName}</td>
            <td>{r.userName ?? ''}</td>
            <td>{r.queueName ?? t('noQueue')}</td>
            <td>{statusLabel(r.status)}</td>
            <td className="rp-last" title={r.lastMessage}>{r.lastMessage.slice(0, 30)}</td>
            <td>{formatSp(r.createdAt)}</td>
            <td>{formatSp(r.closedAt)}</td>
            <td>{formatDuration(r.supportTime)}</td>
            <td>{r.NPS ?? ''}</td>
            <td data-testid="report-close-reason">{r.closeReason && <TagChip name={r.closeReason.name} color={r.closeReason.color} />}</td>
            <td>
              <Button variant="minimal" icon="share" aria-label={t('table.openTicket', { id: r.id })} onClick={() => navigate(`/tickets/${r.uuid}`)} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
