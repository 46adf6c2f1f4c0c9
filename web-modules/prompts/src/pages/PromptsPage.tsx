import { useState } from 'react';
import { ListPage, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import type { Prompt } from '@guiche/contracts';
import { AutoTranscription } from '../components/AutoTranscription';
import { PromptDialog } from '../components/PromptDialog';
import { PromptsTable } from '../components/PromptsTable';
import { usePromptEvents, usePromptMutations, usePrompts } from '../hooks';
import { NS } from '../i18n/register';

/** /prompts (outreach-config.md §2): search, list, add, edit, delete with confirmation, live. */
export default function PromptsPage() {
  const { t } = useTranslation(NS);
  const search = useListSearch();
  const list = usePrompts(search.debounced);
  usePromptEvents();
  const mutations = usePromptMutations();
  const [form, setForm] = useState<{ prompt?: Prompt } | null>(null);
  const deletion = useDeleteConfirmation((i: Prompt) => mutations.remove.mutateAsync(i.id), t('remove.done'));
  return (
    <>
      <ListPage
        ns={NS}
        testIds={{ page: 'prompts-page', search: 'prompts-search', add: 'prompts-add' }}
        list={list}
        rows={list.items.length}
        search={search}
        onAdd={() => setForm({})}
        emptyIcon="predictive-analysis"
        deletion={deletion}
        deleteName={(i) => i.name}
        dialogs={<PromptDialog isOpen={form !== null} prompt={form?.prompt} onSubmit={(input) => mutations.save.mutateAsync({ id: form?.prompt?.id ?? null, input })} onClose={() => setForm(null)} />}
      >
        <PromptsTable prompts={list.items} onEdit={(prompt) => setForm({ prompt })} onDelete={deletion.ask} />
      </ListPage>
      <AutoTranscription />
    </>
  );
}
