import { Button, Card, Intent } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CONTACT_EXPORT_FILE, type Contact } from '@guiche/contracts';
import { can, ConfirmDialog, EmptyState, ErrorCard, LoadingState, PageHeader, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import { exportContacts } from '../api/contacts-api.js';
import { ContactDialog } from '../components/ContactDialog.js';
import { ContactsTable } from '../components/ContactsTable.js';
import { ImportExportMenu } from '../components/ImportExportMenu.js';
import { ImportSheetDialog } from '../components/ImportSheetDialog.js';
import { OpenTicketDialog, TicketInfoDialog } from '../components/OpenTicketDialog.js';
import { TagFilter } from '../components/TagFilter.js';
import { useContactEvents, useContacts, useTagOptionEvents, useTagOptions } from '../hooks/useContacts.js';
import { useContactMutations } from '../hooks/useContactMutations.js';
import { NS } from '../i18n/register.js';
import { SAMPLE_SHEET_BASE64, SAMPLE_SHEET_FILE } from '../lib/sample-sheet.js';
import type { ConflictAction } from '../lib/ticket-conflict.js';
import { base64Blob, saveBlob } from '../shared/download.js';
import { InfiniteScroll } from '../shared/InfiniteScroll.js';
import { SearchBox } from '../shared/SearchBox.js';
import { useDebouncedValue } from '../shared/useDebouncedValue.js';
import '../shared/features.css';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type FormState = { mode: 'new' } | { mode: 'edit'; contactId: number } | null;
type Confirm = { kind: 'block' | 'delete'; contact: Contact } | null;

/** /contacts (inbox.md §2 Contacts). */
export default function ContactsPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const query = useMemo(() => ({ search: debouncedSearch, tagIds }), [debouncedSearch, tagIds]);
  const list = useContacts(query);
  const tags = useTagOptions();
  useContactEvents();
  useTagOptionEvents();
  const mutations = useContactMutations();

  const [form, setForm] = useState<FormState>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [ticketFor, setTicketFor] = useState<Contact | null>(null);
  const [info, setInfo] = useState<Extract<ConflictAction, { kind: 'info' }> | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const canDelete = can(user, 'contacts-page:deleteContact');
  const filtered = !!query.search.trim() || tagIds.length > 0;

  const downloadSample = useCallback(() => saveBlob(base64Blob(SAMPLE_SHEET_BASE64, XLSX_TYPE), SAMPLE_SHEET_FILE), []);
  const closeImport = useCallback(() => setImporting(false), []);

  const runExport = async () => {
    setExporting(true);
    try {
      saveBlob(await exportContacts(tagIds), CONTACT_EXPORT_FILE);
      toastSuccess(t('export.done'));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  const confirmAction = async () => {
    if (!confirm) return;
    const { kind, contact } = confirm;
    try {
      if (kind === 'delete') {
        await mutations.remove.mutateAsync(contact.id);
        toastSuccess(t('remove.done'));
      } else {
        await mutations.setActive.mutateAsync({ id: contact.id, active: !contact.active });
        toastSuccess(contact.active ? t('block.blocked') : t('block.unblocked'));
      }
      setConfirm(null);
    } catch (err) {
      toastError(err);
    }
  };

  let body;
  if (list.status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (list.status === 'error' && list.contacts.length === 0) body = <ErrorCard message={t('list.error')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.contacts.length === 0)
    body = filtered ? (
      <EmptyState icon="search" title={t('list.emptyFiltered')} description={t('list.emptyFilteredHint')} />
    ) : (
      <EmptyState icon="people" title={t('list.empty')} description={t('list.emptyHint')} />
    );
  else
    body = (
      <ContactsTable
        contacts={list.contacts}
        canDelete={canDelete}
        onOpenTicket={setTicketFor}
        onEdit={(c) => setForm({ mode: 'edit', contactId: c.id })}
        onToggleBlock={(c) => setConfirm({ kind: 'block', contact: c })}
        onDelete={(c) => setConfirm({ kind: 'delete', contact: c })}
      />
    );

  const blocking = confirm?.kind === 'block' && confirm.contact.active;

  return (
    <div className="cx-page" data-testid="contacts-page">
      <PageHeader title={t('title')} count={list.count}>
        <div className="cx-toolbar">
          <SearchBox value={search} onChange={setSearch} placeholder={t('search')} label={t('searchLabel')} testId="contacts-search" />
          <TagFilter tags={tags.data ?? []} selectedIds={tagIds} loading={tags.isPending} onChange={setTagIds} />
          <ImportExportMenu exporting={exporting} filtered={tagIds.length > 0} onImportSheet={() => setImporting(true)} onExport={() => void runExport()} onSample={downloadSample} />
          <Button icon="add" intent={Intent.PRIMARY} text={t('actions.add')} onClick={() => setForm({ mode: 'new' })} data-testid="contacts-add" />
        </div>
      </PageHeader>
      <Card className="cx-card" compact>
        <InfiniteScroll hasMore={!!list.hasNextPage} loadingMore={list.isFetchingNextPage} loadMore={() => void list.fetchNextPage()} loadingLabel={t('table.loadingMore')} testId="contacts-scroll">
          {body}
        </InfiniteScroll>
      </Card>

      <ContactDialog
        isOpen={form !== null}
        contactId={form?.mode === 'edit' ? form.contactId : undefined}
        onSubmit={(input) =>
          form?.mode === 'edit'
            ? mutations.update.mutateAsync({ id: form.contactId, input })
            : mutations.create.mutateAsync({ ...input, number: input.number ?? '' })
        }
        onSaved={() => setForm(null)}
        onClose={() => setForm(null)}
      />

      <ConfirmDialog
        isOpen={confirm !== null}
        title={
          confirm
            ? confirm.kind === 'delete'
              ? t('remove.title', { name: confirm.contact.name })
              : blocking
                ? t('block.blockTitle', { name: confirm.contact.name })
                : t('block.unblockTitle', { name: confirm.contact.name })
            : undefined
        }
        confirmLabel={confirm?.kind === 'delete' ? t('actions.delete') : blocking ? t('actions.block') : t('actions.unblock')}
        intent={confirm?.kind === 'block' && !blocking ? Intent.PRIMARY : Intent.DANGER}
        loading={mutations.remove.isPending || mutations.setActive.isPending}
        onConfirm={() => void confirmAction()}
        onClose={() => setConfirm(null)}
      >
        <p>{confirm?.kind === 'delete' ? t('remove.message') : blocking ? t('block.blockMessage') : t('block.unblockMessage')}</p>
      </ConfirmDialog>

      <OpenTicketDialog
        contact={ticketFor}
        onOpened={(ticket) => {
          setTicketFor(null);
          navigate(`/tickets/${ticket.uuid}`);
        }}
        onConflict={(action) => {
          setTicketFor(null);
          if (action.kind === 'navigate') navigate(`/tickets/${action.uuid}`);
          else setInfo(action);
        }}
        onClose={() => setTicketFor(null)}
      />
      <TicketInfoDialog info={info} onClose={() => setInfo(null)} />

      <ImportSheetDialog isOpen={importing} onDownloadSample={downloadSample} onClose={closeImport} />
    </div>
  );
}
