import { Button, Callout, Card, H5, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorCard, formatDateTime, isAdmin, LoadingState, PageHeader, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { HELD_PAUSES, resumeCampaign } from '../api/campaigns-api';
import { keys } from '../api/query-keys';
import { GuardLog } from '../components/GuardLog';
import { STATUS_INTENT } from '../components/CampaignsTable';
import { useCampaign, useCampaignEvents } from '../hooks/useCampaigns';
import { NS } from '../i18n/register';

/** §4: after a live update to FINALIZADA the report reloads this long after. */
export const FINISHED_RELOAD_MS = 5_000;

/** /campaign/:campaignId/report (outreach-config.md §2): status, delivered of valid contacts, cards, live. */
export default function CampaignReportPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const id = Number(useParams().campaignId);
  const query = useCampaign(id);
  useCampaignEvents();
  const c = query.data;
  const finished = c?.status === 'FINALIZADA';
  const { refetch } = query;
  const { user } = useSession();
  const qc = useQueryClient();
  const [resuming, setResuming] = useState(false);
  const resume = async () => {
    setResuming(true);
    try {
      qc.setQueryData(keys.campaign(id), await resumeCampaign(id));
      toastSuccess(t('guard.resumed'));
    } catch (err) {
      toastError(err);
    } finally {
      setResuming(false);
    }
  };
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => void refetch(), FINISHED_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [finished, refetch]);

  if (query.status === 'pending') return <LoadingState label={t('report.loading')} />;
  if (query.status === 'error' || !c) return <ErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  const total = c.shipping.total;
  const sent = c.shipping.sent + c.shipping.confirmed + c.shipping.confirmationRequested;
  const card = (label: string, value: number | string, testId: string) => (
    <Card compact>
      <H5>{label}</H5>
      <div className="cp-card-value" data-testid={testId}>
        {value}
      </div>
    </Card>
  );
  return (
    <div className="cp-report" data-testid="campaign-report-page">
      <PageHeader title={t('report.title', { name: c.name })}>
        <Button icon="arrow-left" text={t('report.back')} onClick={() => navigate('/campaigns')} />
      </PageHeader>
      <div>
        {t('report.status')}:{' '}
        <Tag intent={STATUS_INTENT[c.status]} data-testid="report-status" data-status={c.status}>
          {t(`status.${c.status}`)}
        </Tag>
      </div>
      {c.pauseReason && (
        <Callout intent={HELD_PAUSES.includes(c.pauseReason) ? Intent.DANGER : Intent.WARNING} className="cp-paused" data-testid="report-paused" data-reason={c.pauseReason}>
          {t('report.paused', {
            reason:
              c.pauseReason === 'OUTSIDE_BUSINESS_HOURS'
                ? t('report.outsideHours')
                : c.pauseReason.startsWith('GUARD_')
                  ? t(`guard.reasons.${c.pauseReason}`)
                  : t(`errors.${c.pauseReason}`, { ns: 'translation' }),
          })}
          {HELD_PAUSES.includes(c.pauseReason) && c.status === 'EM_ANDAMENTO' && user && isAdmin(user) && (
            <div className="cp-resume">
              <Button intent={Intent.PRIMARY} icon="play" text={t('guard.resume')} loading={resuming} onClick={() => void resume()} data-testid="campaign-resume" />
            </div>
          )}
        </Callout>
      )}
      <div data-testid="report-progress-text">{t('report.deliveredOf', { sent, total })}</div>
      <ProgressBar value={total ? sent / total : 0} animate={c.status === 'EM_ANDAMENTO'} stripes={c.status === 'EM_ANDAMENTO'} intent={finished ? Intent.SUCCESS : Intent.PRIMARY} />
      <div className="cp-cards">
        {card(t('report.validContacts'), total, 'report-valid')}
        {c.confirmation && card(t('report.confirmationsRequested'), c.shipping.confirmationRequested + c.shipping.confirmed, 'report-confirmation-requested')}
        {c.confirmation && card(t('report.confirmations'), c.shipping.confirmed, 'report-confirmed')}
        {card(t('report.delivered'), sent, 'report-delivered')}
        {card(t('report.failed'), c.shipping.failed, 'report-failed')}
        {card(t('report.connection'), c.whatsapp?.name ?? t('empty.connection'), 'report-connection')}
        {card(t('report.contactList'), c.contactList?.name ?? t('empty.contactList'), 'report-list')}
        {card(t('report.schedule'), c.scheduledAt ? formatDateTime(c.scheduledAt) : t('empty.scheduledAt'), 'report-schedule')}
        {card(t('report.conclusion'), c.completedAt ? formatDateTime(c.completedAt) : t('empty.completedAt'), 'report-conclusion')}
      </div>
      <GuardLog campaignId={c.id} version={`${c.status}:${c.pauseReason ?? ''}:${c.shipping.failed}`} />
    </div>
  );
}
