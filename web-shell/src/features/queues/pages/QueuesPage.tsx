import { useState } from 'react';
import type { Queue } from '@guiche/contracts';
import { ErrorCard, isAdmin, ListPage, useDeleteConfirmation, useSession, useTranslation } from '@guiche/web-sdk';
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
  const deletion = useDeleteConfirmation((queue: Queue) => remove.mutateAsync(queue.id), t('remove.done'));
  const queues = list.data ?? [];

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'queues-page', add: 'queues-add' }}
      list={{ status: list.status, refetch: list.refetch, count: list.data ? queues.length : undefined }}
      // One unpaged list: a failed refresh shows the error instead of the rows it had.
      rows={list.isError ? 0 : queues.length}
      onAdd={() => setForm({ mode: 'new' })}
      emptyIcon="flow-branch"
      deletion={deletion}
      dialogs={<QueueDialog isOpen={form !== null} queue={form?.mode === 'edit' ? form.queue : undefined} queues={queues} onClose={() => setForm(null)} />}
    >
      <QueuesTable queues={queues} onEdit={(queue) => setForm({ mode: 'edit', queue })} onDelete={deletion.ask} />
    </ListPage>
  );
}
