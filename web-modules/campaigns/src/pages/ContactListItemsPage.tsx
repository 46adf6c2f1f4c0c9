import { Button, DialogBody, DialogFooter, HTMLTable, Icon, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Dialog, FormDialogFooter, ListPage, ListTable, RowActions, showSubmitError, TextField, toastError, toastSuccess, useDeleteConfirmation, useListSearch, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { ContactListItem, UploadResult } from '../api/campaigns-api';
import { useContactList, useItemEvents, useItemMutations, useItemPage, type ItemsEvent } from '../hooks/useCampaigns';
import { ITEMS_NS } from '../i18n/register';
import { contactListItemSchema, type ContactListItemForm as ItemForm } from '../lib/contact-list-forms';


/** /contact-lists/:contactListId/contacts (outreach-config.md §2): search, lists, import, add; valid icon, name, number, email. */
export default function ContactListItemsPage() {
  const { t } = useTranslation(ITEMS_NS);
  const navigate = useNavigate();
  const listId = Number(useParams().contactListId);
  const contactList = useContactList(listId);
  const search = useListSearch();
  const list = useItemPage(listId, search.debounced);
  const [progress, setProgress] = useState<ItemsEvent['progress']>(undefined);
  useItemEvents(listId, setProgress);
  const m = useItemMutations(listId);
  const [editing, setEditing] = useState<{ item?: ContactListItem } | null>(null);
  const [imported, setImported] = useState<UploadResult | 'running' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const deletion = useDeleteConfirmation((i: ContactListItem) => m.remove.mutateAsync(i.id), t('remove.done'));
  const form = useFormik<ItemForm>({
    initialValues: { name: editing?.item?.name ?? '', number: editing?.item?.number ?? '', email: editing?.item?.email ?? '' },
    enableReinitialize: true,
    validate: zodFormikValidate<ItemForm>(contactListItemSchema),
    onSubmit: async (values, helpers) => {
      const input = { name: values.name.trim(), number: values.number.trim(), email: values.email.trim() || null, contactListId: listId };
      try {
        if (editing?.item) await m.update.mutateAsync({ id: editing.item.id, input });
        else await m.create.mutateAsync(input);
        toastSuccess(t('dialog.saved'));
        setEditing(null);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });

  async function importFile(file: File) {
    setImported('running');
    try {
      setImported(await m.upload.mutateAsync(file));
    } catch (err) {
      setImported(null);
      toastError(err);
    }
  }

  const validIcon = (v: boolean | null) =>
    v === null ? <Icon icon="help" title={t('table.validUnknown')} /> : v ? <Icon icon="tick-circle" intent={Intent.SUCCESS} title={t('table.validYes')} /> : <Icon icon="cross-circle" intent={Intent.DANGER} title={t('table.validNo')} />;

  const dialogs = (
    <>
      <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} onOpening={() => form.resetForm()} title={editing?.item ? t('dialog.editTitle') : t('dialog.newTitle')} icon="person">
        <form onSubmit={form.handleSubmit} noValidate data-testid="contact-list-item-dialog">
          <DialogBody>
            <TextField form={form} name="name" id="item-name" label={t('dialog.name')} required autoFocus />
            <TextField form={form} name="number" id="item-number" label={t('dialog.number')} required />
            <TextField form={form} name="email" id="item-email" label={t('dialog.email')} />
          </DialogBody>
          <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={() => setEditing(null)} saveTestId="item-save" />
        </form>
      </Dialog>
      <Dialog isOpen={imported !== null} onClose={() => setImported(null)} title={t('import.title')} icon="import">
        <DialogBody>
          {imported === 'running' ? (
            <div data-testid="import-running">
              <Spinner size={20} /> {t('import.running')}
            </div>
          ) : (
            imported && (
              <div data-testid="import-results">
                <p data-testid="import-summary">{t('import.done', { created: imported.created, updated: imported.updated, errors: imported.errors })}</p>
                <div className="cp-import-results">
                  <HTMLTable compact striped>
                    <tbody>
                      {imported.results.map((r) => (
                        <tr key={r.row} data-testid="import-row" data-status={r.status}>
                          <td>{t('import.row', { row: r.row })}</td>
                          <td>{r.name}</td>
                          <td>{r.number}</td>
                          <td>
                            <Tag minimal intent={r.status === 'error' ? Intent.DANGER : Intent.SUCCESS}>
                              {t(`import.${r.status}`)}
                            </Tag>{' '}
                            {r.errors?.map((e) => t(e.message, { ns: 'translation' })).join(', ')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </div>
              </div>
            )
          )}
          {progress && progress.checked < progress.total && <p data-testid="import-checking">{t('import.checking', progress)}</p>}
        </DialogBody>
        <DialogFooter actions={<Button text={t('actions.close')} onClick={() => setImported(null)} />} />
      </Dialog>
    </>
  );

  return (
    <ListPage
      ns={ITEMS_NS}
      testIds={{ page: 'contact-list-items-page', search: 'contact-list-items-search', add: 'contact-list-items-add' }}
      list={{ ...list, count: contactList.data?.contactsCount }}
      rows={list.items.length}
      search={search}
      onAdd={() => setEditing({})}
      emptyIcon="people"
      deletion={deletion}
      deleteName={(i) => i.name}
      dialogs={dialogs}
      toolbar={
        <>
          {contactList.data && (
            <Tag large minimal icon="list" data-testid="contact-list-name">
              {contactList.data.name}
            </Tag>
          )}
          <Button icon="list" text={t('actions.lists')} onClick={() => navigate('/contact-lists')} />
          <Button icon="import" text={t('actions.import')} onClick={() => fileInput.current?.click()} data-testid="contact-list-import" />
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xls,.xlsx"
            data-testid="contact-list-import-file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void importFile(file);
            }}
          />
        </>
      }
    >
      <ListTable ns={ITEMS_NS} testId="contact-list-items-table" columns={[['table.valid'], ['table.name'], ['table.number'], ['table.email'], ['table.actions', 'cx-actions']]}>
        {list.items.map((i) => (
          <tr key={i.id} data-testid="contact-list-item-row" data-valid={String(i.isWhatsappValid)}>
            <td>{validIcon(i.isWhatsappValid)}</td>
            <td>{i.name}</td>
            <td>{i.number}</td>
            <td>{i.email ?? ''}</td>
            <RowActions className="cx-actions" label={t('table.rowActions', { name: i.name })} editLabel={t('actions.edit')} deleteLabel={t('actions.delete')} onEdit={() => setEditing({ item: i })} onDelete={() => deletion.ask(i)} testIdPrefix="contact-list-item" />
          </tr>
        ))}
      </ListTable>
    </ListPage>
  );
}
