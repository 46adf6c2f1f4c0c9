import { useState } from 'react';
import { Callout } from '@blueprintjs/core';
import type { SlaTarget } from '@guiche/contracts';
import { ListPage, useDeleteConfirmation, useTranslation } from '@guiche/web-sdk';
import { SlaTargetDialog } from '../components/SlaTargetDialog.js';
import { SlaTargetsTable } from '../components/SlaTargetsTable.js';
import { useSlaTargetMutations, useSlaTargets } from '../hooks/useSlaTargets.js';
import { NS } from '../i18n/register.js';

type FormState = { mode: 'new' } | { mode: 'edit'; target: SlaTarget } | null;

/** /sla (issue #33): first-response and resolution targets per queue, optionally per connection. */
export default function SlaTargetsPage() {
  const { t } = useTranslation(NS);
  const list = useSlaTargets();
  const mutations = useSlaTargetMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((target: SlaTarget) => mutations.remove.mutateAsync(target.id), t('remove.done'));
  const targets = list.data ?? [];

  const dialog = (
    <SlaTargetDialog
      isOpen={form !== null}
      target={form?.mode === 'edit' ? form.target : undefined}
      onSubmit={(input) => (form?.mode === 'edit' ? mutations.update.mutateAsync({ id: form.target.id, input }) : mutations.create.mutateAsync(input))}
      onSaved={() => setForm(null)}
      onClose={() => setForm(null)}
    />
  );
  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'sla-page', add: 'sla-target-add' }}
      list={{ status: list.status, refetch: list.refetch, count: targets.length }}
      rows={targets.length}
      onAdd={() => setForm({ mode: 'new' })}
      emptyIcon="stopwatch"
      deletion={deletion}
      deleteName={(target) => target.queue.name}
      dialogs={dialog}
    >
      <Callout intent="primary" icon="info-sign" compact>
        {t('intro')}
      </Callout>
      <SlaTargetsTable targets={targets} onEdit={(target) => setForm({ mode: 'edit', target })} onDelete={deletion.ask} />
    </ListPage>
  );
}
