import { Button, Intent } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CONTACT_EXPORT_FILE, type Contact, type ContactImportSource } from '@guiche/contracts';
import { base64Blob, can, ConfirmDialog, isAdmin, ListPage, saveBlob, toastError, toastSuccess, useCompanyTags, useConfirmedAction, useDeleteConfirmation, useListSearch, useSession, useTranslation } from '@guiche/web-sdk';
import { exportContacts } from '../api/contacts-api.js';
import { ContactDialog } from '../components/ContactDialog.js';
import { ContactsTable } from '../components/ContactsTable.js';
import { ImportExportMenu } from '../components/ImportExportMenu.js';
import { ImportSheetDialog } from '../components/ImportSheetDialog.js';
import { OpenTicketDialog, TicketInfoDialog } from '../components/OpenTicketDialog.js';
import { PhoneImportDialog } from '../components/PhoneImportDialog.js';
import { MergeContactDialog } from '../components/MergeContactDialog.js';
import { TagFilter } from '../components/TagFilter.js';
import { WalletBulkDialog } from '../components/WalletBulkDialog.js';
import { useContactEvents, useContacts } from '../hooks/useContacts.js';
import { useContactMutations } from '../hooks/useContactMutations.js';
import { NS } from '../i18n/register.js';
import { SAMPLE_SHEET_BASE64, SAMPLE_SHEET_FILE } from '../lib/sample-sheet.js';
import type { ConflictAction } from '../lib/ticket-conflict.js';
import '../contacts.css';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type FormState = { mode: 'new' } | { mode: 'edit'; contactId: number } | null;

/** /contacts (inbox.md §2 Contacts). */
export default function ContactsPage() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const navigate = useNavigate();
  const search = useListSearch();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const query = useMemo(() => ({ search: search.debounced, tagIds }), [search.debounced, tagIds]);
  const list = useContacts(query);
  const tags = useCompanyTags();
  useContactEvents();
  const mutations = useContactMutations();

  const [form, setForm] = useState<FormState>(null);
  const [ticketFor, setTicketFor] = useState<Contact | null>(null);
  const [info, setInfo] = useState<Extract<ConflictAction, { kind: 'info' }> | null>(null);
  const [importing, setImporting] = useState(false);
  const [phoneImport, setPhoneImport] = useState<ContactImportSource | null>(null);
  const [exporting, setExporting] = useState(false);
  const [mergeInto, setMergeInto] = useState<Contact | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [walletOpen, setWalletOpen] = useState(false);
  const admin = isAdmin(user);
  const toggleSelected = useCallback((id: number) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const canDelete = can(user, 'contacts-page:deleteContact');
  const deletion = useDeleteConfirmation((contact: Contact) => mutations.remove.mutateAsync(contact.id), t('remove.done'));
  const blocking = useConfirmedAction(
    (contact: Contact) => mutations.setActive.mutateAsync({ id: contact.id, active: !contact.active }),
    (contact) => (contact.active ? t('block.blocked') : t('block.unblocked')),
  );
  const blocks = blocking.target?.active ?? false;

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

  const toolbar = (
    <>
      <TagFilter tags={tags.data ?? []} selectedIds={tagIds} loading={tags.isPending} onChange={setTagIds} />
      {admin && (
        <Button icon="briefcase" text={t('wallet.button', { count: selected.size })} disabled={selected.size === 0} onClick={() => setWalletOpen(true)} data-testid="contacts-wallet" />
      )}
      <ImportExportMenu exporting={exporting} filtered={tagIds.length > 0} onImportPhone={setPhoneImport} onImportSheet={() => setImporting(true)} onExport={() => void runExport()} onSample={downloadSample} />
    </>
  );

  const dialogs = (
    <>
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
        {...blocking.dialogProps}
        title={blocking.target ? t(blocks ? 'block.blockTitle' : 'block.unblockTitle', { name: blocking.target.name }) : undefined}
        confirmLabel={blocks ? t('actions.block') : t('actions.unblock')}
        intent={blocks ? Intent.DANGER : Intent.PRIMARY}
      >
        <p>{blocks ? t('block.blockMessage') : t('block.unblockMessage')}</p>
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
      <PhoneImportDialog source={phoneImport} onClose={() => setPhoneImport(null)} />
      <MergeContactDialog contact={mergeInto} onClose={() => setMergeInto(null)} />
      <WalletBulkDialog
        isOpen={walletOpen}
        contactIds={[...selected]}
        onDone={() => {
          setWalletOpen(false);
          setSelected(new Set());
        }}
        onClose={() => setWalletOpen(false)}
      />
    </>
  );

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'contacts-page', search: 'contacts-search', add: 'contacts-add', scroll: 'contacts-scroll' }}
      list={list}
      rows={list.items.length}
      search={search}
      filtered={search.filtered || tagIds.length > 0}
      toolbar={toolbar}
      onAdd={() => setForm({ mode: 'new' })}
      emptyIcon="people"
      deletion={deletion}
      deleteName={(contact) => contact.name}
      dialogs={dialogs}
    >
      <ContactsTable
        contacts={list.items}
        canDelete={canDelete}
        onMerge={isAdmin(user) ? setMergeInto : undefined}
        onOpenTicket={setTicketFor}
        onEdit={(c) => setForm({ mode: 'edit', contactId: c.id })}
        onToggleBlock={blocking.ask}
        onDelete={deletion.ask}
        selection={admin ? { selected, toggle: toggleSelected } : undefined}
      />
    </ListPage>
  );
}
