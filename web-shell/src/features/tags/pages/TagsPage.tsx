import { useState } from 'react';
import type { Tag } from '@guiche/contracts';
import { ListPage, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import { TagDialog } from '../components/TagDialog.js';
import { TagsTable } from '../components/TagsTable.js';
import { useTagEvents, useTagMutations, useTags } from '../hooks/useTags.js';
import { NS } from '../i18n/register.js';

type FormState = { mode: 'new' } | { mode: 'edit'; tag: Tag } | null;

/** /tags (outreach-config.md §2 Tags and kanban). */
export default function TagsPage() {
  const { t } = useTranslation(NS);
  const search = useListSearch();
  const list = useTags(search.debounced);
  useTagEvents();
  const mutations = useTagMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((tag: Tag) => mutations.remove.mutateAsync(tag.id), t('remove.done'));

  const dialog = (
    <TagDialog
      isOpen={form !== null}
      tag={form?.mode === 'edit' ? form.tag : undefined}
      onSubmit={(input) => (form?.mode === 'edit' ? mutations.update.mutateAsync({ id: form.tag.id, input }) : mutations.create.mutateAsync(input))}
      onSaved={() => setForm(null)}
      onClose={() => setForm(null)}
    />
  );
  return (
    <ListPage ns={NS} testIds={{ page: 'tags-page', search: 'tags-search', add: 'tags-add' }} list={list} rows={list.items.length} search={search} onAdd={() => setForm({ mode: 'new' })} emptyIcon="tag" deletion={deletion} deleteName={(tag) => tag.name} dialogs={dialog}>
      <TagsTable tags={list.items} onEdit={(tag) => setForm({ mode: 'edit', tag })} onDelete={deletion.ask} />
    </ListPage>
  );
}
