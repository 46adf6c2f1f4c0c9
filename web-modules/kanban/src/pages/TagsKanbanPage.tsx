import { useState } from 'react';
import type { Tag } from '@guiche/contracts';
import { ListPage, ListTable, RowActions, TagChip, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { TicketEvents } from '@guiche/contracts';
import { useSession, useSocketEvent } from '@guiche/web-sdk';
import { kanbanKeys } from '../api/query-keys';
import { KanbanTagDialog } from '../components/KanbanTagDialog';
import { useKanbanTagEvents, useKanbanTagMutations, useKanbanTags, useTicketCounts } from '../hooks/useKanbanTags';
import { TAGS_NS } from '../i18n/register';

type FormState = { mode: 'new' } | { mode: 'edit'; tag: Tag } | null;

/** /TagsKanban (outreach-config.md §2): name chip, tickets count, add, edit, delete, search. */
export default function TagsKanbanPage() {
  const { t } = useTranslation(TAGS_NS);
  const search = useListSearch();
  const list = useKanbanTags(search.debounced);
  useKanbanTagEvents();
  const counts = useTicketCounts();
  const queryClient = useQueryClient();
  const { user } = useSession();
  useSocketEvent(user ? TicketEvents.ticket(user.companyId) : null, () => void queryClient.invalidateQueries({ queryKey: kanbanKeys.counts() }));
  const mutations = useKanbanTagMutations();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation((tag: Tag) => mutations.remove.mutateAsync(tag.id), t('remove.done'));

  const dialog = (
    <KanbanTagDialog
      isOpen={form !== null}
      tag={form?.mode === 'edit' ? form.tag : undefined}
      onSubmit={(input) => (form?.mode === 'edit' ? mutations.update.mutateAsync({ id: form.tag.id, input }) : mutations.create.mutateAsync(input))}
      onSaved={() => setForm(null)}
      onClose={() => setForm(null)}
    />
  );
  return (
    <ListPage ns={TAGS_NS} testIds={{ page: 'kanban-tags-page', search: 'kanban-tags-search', add: 'kanban-tags-add' }} list={list} rows={list.items.length} search={search} onAdd={() => setForm({ mode: 'new' })} emptyIcon="column-layout" deletion={deletion} deleteName={(tag) => tag.name} dialogs={dialog}>
      <ListTable ns={TAGS_NS} testId="kanban-tags-table" columns={[['table.name'], ['table.tickets', 'cx-center'], ['table.actions', 'cx-actions']]}>
        {list.items.map((tag) => (
          <tr key={tag.id} data-testid="kanban-tag-row" data-tag-id={tag.id}>
            <td>
              <TagChip name={tag.name} color={tag.color} />
            </td>
            <td className="cx-center" data-testid="kanban-tag-count">
              {counts.data?.[tag.id] ?? 0}
            </td>
            <RowActions className="cx-actions" label={t('table.rowActions', { name: tag.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => setForm({ mode: 'edit', tag })} onDelete={() => deletion.ask(tag)} testIdPrefix="kanban-tag" />
          </tr>
        ))}
      </ListTable>
    </ListPage>
  );
}
