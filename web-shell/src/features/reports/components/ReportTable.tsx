import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import type { ReportTicket } from '@guiche/contracts';
import { TagChip, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { formatDuration, formatSp } from '../lib/report-filters.js';

const SLA_INTENT = { met: Intent.SUCCESS, breached: Intent.DANGER, running: Intent.NONE } as const;

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
          <th>{t('table.sla')}</th>
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
            <td data-testid="report-sla">
              {(['firstResponse', 'resolution'] as const).map((kind) => {
                const verdict = r.sla?.[kind];
                if (!verdict) return null;
                const label = kind === 'firstResponse' ? t('table.slaFirstResponse') : t('table.slaResolution');
                const text = verdict === 'met' ? t('table.slaMet') : verdict === 'breached' ? t('table.slaBreached') : t('table.slaRunning');
                return (
                  <Tag key={kind} minimal intent={SLA_INTENT[verdict]} data-sla-kind={kind} data-sla-verdict={verdict} style={{ marginRight: 4 }}>
                    {`${label}: ${text}`}
                  </Tag>
                );
              })}
            </td>
            <td>
              <Button variant="minimal" icon="share" aria-label={t('table.openTicket', { id: r.id })} onClick={() => navigate(`/tickets/${r.uuid}`)} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
