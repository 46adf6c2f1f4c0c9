import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, LoadingState, useTranslation } from '@guiche/web-sdk';
import { fetchGuardLog, type GuardDecision } from '../api/campaigns-api';
import { NS } from '../i18n/register';

/** What the ban guard decided for the campaign and why (issue #31), newest first; refreshed with the campaign. */
export function GuardLog({ campaignId, version }: { campaignId: number; version: string }) {
  const { t } = useTranslation(NS);
  const query = useQuery({ queryKey: ['campaigns', 'guard', campaignId, version], queryFn: () => fetchGuardLog(campaignId) });
  const why = (d: GuardDecision) => t(`guard.decisions.${d.decision}`, { ...d.detail, defaultValue: d.decision });
  return (
    <section className="cp-guard" data-testid="guard-log">
      <h4>{t('guard.title')}</h4>
      {query.status === 'pending' ? (
        <LoadingState label={t('guard.loading')} />
      ) : !query.data?.decisions.length ? (
        <NonIdealState icon="shield" description={t('guard.empty')} />
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('guard.when')}</th>
              <th>{t('guard.decision')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.decisions.map((d) => (
              <tr key={d.id} data-testid="guard-decision" data-decision={d.decision}>
                <td>{formatDateTime(d.createdAt)}</td>
                <td>{why(d)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
