import { useState } from 'react';
import type { QuickMessage } from '@guiche/contracts';
import { ListPage, useDeleteConfirmation, useListSearch, useSession, useTranslation } from '@guiche/web-sdk';
import { deleteQuickMessage } from '../api/quick-messages-api.js';
import { QuickMessageDialog } from '../components/QuickMessageDialog.js';
import { QuickMessagesTable } from '../components/QuickMessagesTable.js';
import { useQuickMessageEvents, useQuickMessages, useRefreshQuickMessages } from '../hooks/useQuickMessages.js';
import { NS } from '../i18n/register.js';
import { managesAllQuickMessages, mayChangeQuickMessage } from '../lib/permissions.js';

type FormState = { mode: 'new' } | { mode: 'edit'; record: QuickMessage } | null;

/** /quick-messages (outreach-config.md §2 Quick messages, §6). */
export default function QuickMessagesPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const search = useListSearch();
  const list = useQuickMessages(search.debounced);
  useQuickMessageEvents();
  const refresh = useRefreshQuickMessages();
  const [form, setForm] = useState<FormState>(null);
  const deletion = useDeleteConfirmation(async (record: QuickMessage) => {
    await deleteQuickMessage(record.id);
    void refresh();
  }, t('remove.done'));

  const dialog = (
    <QuickMessageDialog
      isOpen={form !== null}
      record={form?.mode === 'edit' ? form.record : undefined}
      canSetGeral={managesAllQuickMessages(user)}
      onSaved={() => {
        setForm(null);
        void refresh();
      }}
      onClose={() => setForm(null)}
    />
  );
  return (
    <ListPage ns={NS} testIds={{ page: 'quick-messages-page', search: 'qm-search', add: 'qm-add' }} list={list} rows={list.items.length} search={search} onAdd={() => setForm({ mode: 'new' })} emptyIcon="flash" deletion={deletion} deleteName={(r) => r.shortcode} dialogs={dialog}>
      <QuickMessagesTable records={list.items} mayChange={(r) => mayChangeQuickMessage(user, r)} onEdit={(record) => setForm({ mode: 'edit', record })} onDelete={deletion.ask} />
    </ListPage>
  );
}
