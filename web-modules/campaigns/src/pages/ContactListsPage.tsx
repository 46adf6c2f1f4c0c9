import { DialogBody } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, Dialog, FormDialogFooter, ListPage, ListTable, RowActions, RowButton, saveBlob, showSubmitError, TextField, toastError, toastSuccess, useDeleteConfirmation, useListSearch, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { ContactList } from '../api/campaigns-api';
import { useContactListEvents, useContactListMutations, useContactListPage } from '../hooks/useCampaigns';
import { LISTS_NS } from '../i18n/register';
import { contactListNameSchema } from '../lib/contact-list-forms';

async function downloadSample() {
  try {
    const { data } = await api.get<Blob>('/contact-lists/sample', { responseType: 'blob' });
    saveBlob(data, 'planilha_exemplo.xlsx');
  } catch (err) {
    toastError(err);
  }
}

/** /contact-lists (outreach-config.md §2): search, add, name, contacts count, actions. */
export default function ContactListsPage() {
  const { t } = useTranslation(LISTS_NS);
  const navigate = useNavigate();
  const search = useListSearch();
  const list = useContactListPage(search.debounced);
  useContactListEvents();
  const m = useContactListMutations();
  const [editing, setEditing] = useState<{ list?: ContactList } | null>(null);
  const deletion = useDeleteConfirmation((l: ContactList) => m.remove.mutateAsync(l.id), t('remove.done'));
  const form = useFormik({
    initialValues: { name: editing?.list?.name ?? '' },
    enableReinitialize: true,
    validate: zodFormikValidate<{ name: string }>(contactListNameSchema),
    onSubmit: async (values, helpers) => {
      try {
        if (editing?.list) await m.update.mutateAsync({ id: editing.list.id, name: values.name.trim() });
        else await m.create.mutateAsync(values.name.trim());
        toastSuccess(t('dialog.saved'));
        setEditing(null);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });

  const dialog = (
    <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} onOpening={() => form.resetForm()} title={editing?.list ? t('dialog.editTitle') : t('dialog.newTitle')} icon="list">
      <form onSubmit={form.handleSubmit} noValidate data-testid="contact-list-dialog">
        <DialogBody>
          <TextField form={form} name="name" id="contact-list-name" label={t('dialog.name')} required autoFocus />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={() => setEditing(null)} saveTestId="contact-list-save" />
      </form>
    </Dialog>
  );

  return (
    <ListPage
      ns={LISTS_NS}
      testIds={{ page: 'contact-lists-page', search: 'contact-lists-search', add: 'contact-lists-add' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => setEditing({})}
      emptyIcon="list"
      deletion={deletion}
      deleteName={(l) => l.name}
      dialogs={dialog}
    >
      <ListTable ns={LISTS_NS} testId="contact-lists-table" columns={[['table.name'], ['table.contacts'], ['table.actions', 'cx-actions']]}>
        {list.items.map((l) => (
          <tr key={l.id} data-testid="contact-list-row" data-list-id={l.id}>
            <td>{l.name}</td>
            <td data-testid="contact-list-count">{l.contactsCount}</td>
            <RowActions
              className="cx-actions"
              label={t('table.rowActions', { name: l.name })}
              editLabel={t('actions.edit')}
              deleteLabel={t('actions.delete')}
              onEdit={() => setEditing({ list: l })}
              onDelete={() => deletion.ask(l)}
              testIdPrefix="contact-list"
              leading={
                <>
                  <RowButton icon="download" label={t('actions.sample')} onClick={() => void downloadSample()} testId="contact-list-sample" />
                  <RowButton icon="people" label={t('actions.open')} onClick={() => navigate(`/contact-lists/${l.id}/contacts`)} testId="contact-list-open" />
                </>
              }
            />
          </tr>
        ))}
      </ListTable>
    </ListPage>
  );
}
