import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, H5, Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { isAdmin, useSession, useTranslation } from '@guiche/web-sdk';
import { fetchConnections, fetchQueues, fetchUserList } from '../api/tickets-api.js';
import { TICKETS_NS } from '../i18n/register.js';

const dismissedKey = (companyId: number) => `firstRunDismissed:${companyId}`;
/** Set once every step was seen done: the inbox stops reading the three lists on every visit. */
const doneKey = (companyId: number) => `firstRunDone:${companyId}`;

/** Counts read afresh whenever the inbox shows: a step done on another page is ticked on return. */
function useSetupProgress(enabled: boolean) {
  const options = { enabled, staleTime: 0, refetchOnMount: 'always' as const };
  const connections = useQuery({ queryKey: ['firstRun', 'connections'], queryFn: fetchConnections, ...options });
  const queues = useQuery({ queryKey: ['firstRun', 'queues'], queryFn: fetchQueues, ...options });
  const users = useQuery({ queryKey: ['firstRun', 'users'], queryFn: fetchUserList, ...options });
  if (!connections.data || !queues.data || !users.data) return null;
  return [
    { id: 'connection', to: '/connections', done: connections.data.length > 0 },
    { id: 'queue', to: '/queues', done: queues.data.length > 0 },
    // The admin who signed up is the first user: a second one is an invited agent.
    { id: 'agent', to: '/users', done: users.data.length > 1 },
  ] as const;
}

/**
 * A new company's admin lands on an empty inbox: three steps (connect a channel, create a queue,
 * invite an agent) that tick themselves and disappear once all are done (or when hidden).
 */
export function FirstRunChecklist() {
  const { t } = useTranslation(TICKETS_NS);
  const { user } = useSession();
  const companyId = user?.companyId ?? 0;
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(companyId)) === '1' || localStorage.getItem(doneKey(companyId)) === '1');
  const steps = useSetupProgress(isAdmin(user) && !dismissed);
  const allDone = steps !== null && steps.every((step) => step.done);
  useEffect(() => {
    if (allDone) localStorage.setItem(doneKey(companyId), '1');
  }, [allDone, companyId]);
  if (!steps || dismissed) return null;
  const done = steps.filter((step) => step.done).length;
  // Rendered (hidden) so a test can tell "all done" from "still loading".
  if (allDone) return <span hidden data-testid="first-run-complete" />;

  const hide = () => {
    localStorage.setItem(dismissedKey(companyId), '1');
    setDismissed(true);
  };
  return (
    <Card className="tk-first-run" data-testid="first-run-checklist">
      <div className="tk-first-run__head">
        <H5>{t('firstRun.title')}</H5>
        <Button minimal small text={t('firstRun.dismiss')} onClick={hide} />
      </div>
      <p className="bp6-text-muted">{t('firstRun.intro')}</p>
      <ProgressBar value={done / steps.length} intent={Intent.PRIMARY} stripes={false} aria-label={t('firstRun.progress', { done, total: steps.length })} />
      <ol className="tk-first-run__steps">
        {steps.map((step) => (
          <li key={step.id} data-testid={`first-run-${step.id}`} data-done={step.done}>
            <Icon icon={step.done ? 'tick-circle' : 'circle'} intent={step.done ? Intent.SUCCESS : Intent.NONE} title={step.done ? t('firstRun.done') : undefined} />
            {step.done ? <span className="tk-first-run__done">{t(`firstRun.${step.id}`)}</span> : <Link to={step.to}>{t(`firstRun.${step.id}`)}</Link>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
