import { Button, Card, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { Queue } from '@guiche/contracts';
import { ConfirmDialog, isAdmin, EmptyState, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import '../../contacts/shared/features.css';
import { QueueDialog } from '../components/QueueDialog.js';
import { QueuesTable } from '../components/QueuesTable.js';
import { useQueueEvents, useQueueMutations, useQueues } from '../hooks/useQueues.js';
import { NS } from '../i18n/register.js';

type FormState = { mode: 'new' } | { mode: 'edit'; queue: Queue } | null;

/** /queues (outreach-config.md §2 Queues; admins only, like its menu item). */
export default function QueuesPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  // The menu shows /queues to admins only; a typed URL gets the same answer.
  if (!isAdmin(user)) return <ErrorCard title={t('denied.title')} message={t('denied.message')} />;
  return <QueuesList />;
}

function QueuesList() {
  const { t } = useTranslation(NS);
  const list = useQueues();
  useQueueEvents();
  const { remove } = useQueueMutations();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Queue | null>(null);
  const queues = list.data ?? [];

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toastSuccess(t('remove.done'));
      setToDelete(null);
    } catch (err) {
      toastError(err);
    }
  };

  let body;
  if (list.status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (list.status === 'error') body = <ErrorCard message={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (queues.length === 0) body = <EmptyState icon="flow-branch" title={t('list.empty')} description={t('list.emptyHint')} />;
  else body = <QueuesTable queues={queues} onEdit={(queue) => setForm({ mode: 'edit', queue })} onDelete={setToDelete} />;

  return (
    <div className="cx-page" data-testid="queues-page">
      <PageHeader title={t('title')} count={list.data ? queues.length : undefined}>
        <div className="cx-toolbar">
          <Button icon="add" intent={Intent.PRIMARY} text={t('actions.add')} onClick={() => setForm({ mode: 'new' })} data-testid="queues-add" />
        </div>
      </PageHeader>
      <Card className="cx-card" compact>
        <div className="cx-scroll">{body}</div>
      </Card>
      <QueueDialog isOpen={form !== null} queue={form?.mode === 'edit' ? form.queue : undefined} queues={queues} onClose={() => setForm(null)} />
      <ConfirmDialog isOpen={toDelete !== null} loading={remove.isPending} confirmLabel={t('actions.delete')} onConfirm={() => void confirmDelete()} onClose={() => setToDelete(null)} />
    </div>
  );
}
