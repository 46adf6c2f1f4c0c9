import { Button, DialogBody, FormGroup, H6, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { getIn, useFormik, type FormikErrors } from 'formik';
import type { Contact } from '@guiche/contracts';
import { Dialog, ErrorCard, fieldIntent, FormDialogFooter, isAdmin, LoadingState, showSubmitError, TextField, toastSuccess, useSession, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { fetchContact, type ContactFormInput } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { NS } from '../i18n/register.js';
import { contactFormSchemaFor, contactFormValues, contactPayload, EMPTY_CONTACT, isMaskedNumber, type ContactFormValues } from '../lib/contact-form.js';
import { OwnerSelect } from './OwnerSelect.js';
import '../contacts.css';

interface Props {
  isOpen: boolean;
  /** The contact being edited; undefined for a new one. */
  contactId?: number;
  onSubmit(input: ContactFormInput): Promise<Contact>;
  onSaved(contact: Contact): void;
  onClose(): void;
}

/** Add / edit contact (inbox.md §5): name, number, e-mail and the extra info fields. */
export function ContactDialog({ isOpen, contactId, onSubmit, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const editing = contactId !== undefined;
  const detail = useQuery({
    queryKey: contactKeys.detail(contactId ?? 0),
    queryFn: () => fetchContact(contactId!),
    enabled: isOpen && editing,
  });

  let body;
  if (editing && detail.isPending) body = <LoadingState label={t('dialog.loading')} />;
  else if (editing && detail.isError) body = <ErrorCard message={t('dialog.loadFailed')} onRetry={() => void detail.refetch()} />;
  else {
    body = (
      <ContactForm
        key={editing ? `edit-${contactId}-${detail.dataUpdatedAt}` : 'new'}
        initial={editing ? contactFormValues(detail.data) : EMPTY_CONTACT}
        editing={editing}
        onSubmit={onSubmit}
        onSaved={onSaved}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={editing ? t('dialog.editTitle') : t('dialog.newTitle')} icon="person" style={{ width: 560, maxWidth: '95vw' }}>
      {body}
    </Dialog>
  );
}

function ContactForm({ initial, editing, onSubmit, onSaved, onClose }: { initial: ContactFormValues; editing: boolean } & Pick<Props, 'onSubmit' | 'onSaved' | 'onClose'>) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const admin = isAdmin(user);
  const form = useFormik<ContactFormValues>({
    initialValues: initial,
    validate: zodFormikValidate<ContactFormValues>(contactFormSchemaFor(initial, editing)),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit(contactPayload(values, initial, editing));
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });

  const errorOf = (path: string): string | undefined => {
    const touched = getIn(form.touched, path) || form.submitCount > 0;
    const error = getIn(form.errors as FormikErrors<ContactFormValues>, path);
    return touched && typeof error === 'string' ? error : undefined;
  };

  /** One cell of an extra info row: the field's name or its value. */
  const extraCell = (index: number, key: 'name' | 'value') => {
    const path = `extraInfo.${index}.${key}`;
    const error = errorOf(path);
    const label = key === 'name' ? t('dialog.extraName') : t('dialog.extraValue');
    return (
      <FormGroup intent={fieldIntent(error)} helperText={error}>
        <InputGroup
          name={path}
          aria-label={`${label} ${index + 1}`}
          placeholder={label}
          value={form.values.extraInfo[index][key]}
          onChange={(e) => void form.setFieldValue(path, e.currentTarget.value)}
          onBlur={form.handleBlur}
          intent={fieldIntent(error)}
        />
      </FormGroup>
    );
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogBody>
        <H6>{t('dialog.data')}</H6>
        <TextField form={form} name="name" id="contact-name" label={t('dialog.name')} required autoFocus />
        <TextField
          form={form}
          name="number"
          id="contact-number"
          label={t('dialog.number')}
          required
          hint={isMaskedNumber(initial.number) ? t('dialog.numberMasked') : t('dialog.numberHint')}
          placeholder="5511999998888"
        />
        <TextField form={form} name="email" id="contact-email" label={t('dialog.email')} type="email" placeholder="nome@exemplo.com" />
        <TextField form={form} name="birthday" id="contact-birthday" label={t('dialog.birthday')} type="date" hint={t('dialog.birthdayHint')} />
        <FormGroup label={t('dialog.owner')} labelFor="contact-owner" helperText={admin ? t('dialog.ownerHint') : t('dialog.ownerAdminOnly')}>
          <OwnerSelect id="contact-owner" name="ownerUserId" value={form.values.ownerUserId} onChange={form.handleChange} disabled={!admin} />
        </FormGroup>
        <H6>{t('dialog.extraInfo')}</H6>
        {form.values.extraInfo.map((_item, index) => (
          <div className="cx-extra-row" key={index} data-testid="contact-extra-row">
            {extraCell(index, 'name')}
            {extraCell(index, 'value')}
            <Button
              icon="trash"
              variant="minimal"
              intent={Intent.DANGER}
              aria-label={t('dialog.removeExtra', { index: index + 1 })}
              title={t('dialog.removeExtra', { index: index + 1 })}
              onClick={() => void form.setFieldValue('extraInfo', form.values.extraInfo.filter((_, i) => i !== index))}
            />
          </div>
        ))}
        <Button
          icon="add"
          variant="outlined"
          text={t('dialog.addExtra')}
          onClick={() => void form.setFieldValue('extraInfo', [...form.values.extraInfo, { name: '', value: '' }])}
        />
      </DialogBody>
      <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="contact-save" />
    </form>
  );
}
