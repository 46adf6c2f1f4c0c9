import { useState } from 'react';
import type { ClosingReason } from '@guiche/contracts';
import { ListPage, useDeleteConfirmation, useTranslation } from '@guiche/web-sdk';
import { ClosingReasonDialog } from '../components/ClosingReasonDialog.js';
import { ClosingReasonsTable } from '../components/ClosingReasonsTable.js';
import { useClosingReasonMutations, useClosingReasons } from '../hooks/useClosingReasons.js';
import { NS } from '../i18n/register.js';

type FormState = { mode: 'new' } | { mode: 'edit'; reason: ClosingReason } | null;

/** /closing-reasons (issue #33): the reasons an agent picks when resolving a ticket. */
export default function ClosingReasonsPage() {
  const { t } = useTranslation(NS);
  const list = useClosingReasons();
  const mutations = useClosingReasonMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((reason: ClosingReason) => mutations.remove.mutateAsync(reason.id), t('remove.done'));
  const reasons = list.data ?? [];

  const dialog = (
    <ClosingReasonDialog
      isOpen={form !== null}
      reason={form?.mode === 'edit' ? form.reason : undefined}
      onSubmit={(input) => (form?.mode === 'edit' ? mutations.update.mutateAsync({ id: form.reason.id, input }) : mutations.create.mutateAsync(input))}
      onSaved={() => setForm(null)}
      onClose={() => setForm(null)}
    />
  );
  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'closing-reasons-page', add: 'closing-reasons-add' }}
      list={{ status: list.status, refetch: list.refetch, count: reasons.length }}
      rows={reasons.length}
      onAdd={() => setForm({ mode: 'new' })}
      emptyIcon="tick-circle"
      deletion={deletion}
      deleteName={(reason) => reason.name}
      dialogs={dialog}
    >
      <ClosingReasonsTable reasons={reasons} onEdit={(reason) => setForm({ mode: 'edit', reason })} onDelete={deletion.ask} />
    </ListPage>
  );
}
