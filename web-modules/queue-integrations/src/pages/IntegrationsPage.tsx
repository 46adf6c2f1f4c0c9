import { useState } from 'react';
import { ListPage, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import type { QueueIntegration } from '@guiche/contracts';
import { IntegrationDialog } from '../components/IntegrationDialog';
import { IntegrationsTable } from '../components/IntegrationsTable';
import { useIntegrationEvents, useIntegrationMutations, useIntegrations } from '../hooks';
import { NS } from '../i18n/register';

/** /queue-integration (outreach-config.md §2): search, infinite list, add, edit, delete with confirmation, live. */
export default function IntegrationsPage() {
  const { t } = useTranslation(NS);
  const search = useListSearch();
  const list = useIntegrations(search.debounced);
  useIntegrationEvents();
  const mutations = useIntegrationMutations();
  const [form, setForm] = useState<{ integration?: QueueIntegration; fresh?: string } | null>(null);
  const deletion = useDeleteConfirmation((i: QueueIntegration) => mutations.remove.mutateAsync(i.id), t('remove.done'));
  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'integrations-page', search: 'integrations-search', add: 'integrations-add' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => setForm({})}
      emptyIcon="data-connection"
      deletion={deletion}
      deleteName={(i) => i.name}
      dialogs={
        <IntegrationDialog
          isOpen={form !== null}
          integration={form?.integration}
          fresh={form?.fresh}
          onSubmit={(input) => mutations.save.mutateAsync({ id: form?.integration?.id ?? null, input })}
          onSecret={({ signingSecret, ...integration }) => setForm({ integration, fresh: signingSecret })}
          onClose={() => setForm(null)}
        />
      }
    >
      <IntegrationsTable integrations={list.items} onEdit={(integration) => setForm({ integration })} onDelete={deletion.ask} />
    </ListPage>
  );
}
