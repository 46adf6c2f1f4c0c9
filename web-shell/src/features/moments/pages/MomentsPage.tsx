import '../../dashboard/dashboard.css';
import '../moments.css';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { PageHeader, RecordMultiSelect, useSession, useTranslation } from '@guiche/web-sdk';
import { MomentCard } from '../components/MomentCard.js';
import { useMoments } from '../hooks/useMoments.js';
import { NS } from '../i18n/register.js';

/** /moments (inbox.md §2 Real-time moments): admins and users with allowRealTime. */
export default function MomentsPage() {
  const { user } = useSession();
  if (!user || (user.profile !== 'admin' && !user.super && !user.allowRealTime)) return <Navigate to="/tickets" replace />;
  return <Moments />;
}

function Moments() {
  const { t } = useTranslation(NS);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const query = useMoments(queueIds);
  const data = query.data;
  const queues = (data?.queues ?? []).map((q) => (q.id === 0 ? { ...q, name: t('noQueue') } : q));
  return (
    <div className="mo-page" data-testid="moments-page">
      <PageHeader title={t('title')}>
        <RecordMultiSelect inputId="moments-queues" placeholder={t('queues')} ariaLabel={t('queues')} items={queues} selectedIds={queueIds} noResults={t('noResults')} onChange={(ids) => setQueueIds(ids as number[])} />
      </PageHeader>
      <div className="mo-body">
        {query.isError && <Callout intent="danger">{t('error')}</Callout>}
        {query.isPending && <NonIdealState icon={<Spinner />} description={t('loading')} />}
        {data && (
          <div className="mo-grid">
            <MomentCard testId="moments-pending" pending title={t('pending')} count={data.pending.count} tickets={data.pending.tickets} />
            {data.agents.map((agent) => (
              <MomentCard key={agent.user.id} testId={`moments-agent-${agent.user.id}`} title={agent.user.name} online={agent.user.online} count={agent.count} tickets={agent.tickets} />
            ))}
          </div>
        )}
        {data && data.pending.count === 0 && data.agents.length === 0 && <NonIdealState icon="inbox" description={t('empty')} />}
      </div>
    </div>
  );
}
