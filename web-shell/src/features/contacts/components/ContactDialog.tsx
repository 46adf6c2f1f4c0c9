import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H6, InputGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { getIn, useFormik, type FormikErrors } from 'formik';
import type { Contact } from '@guiche/contracts';
import { ErrorCard, LoadingState, serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { fetchContact, type ContactFormInput } from '../api/contacts-api.js';
import { contactKeys } from '../api/query-keys.js';
import { NS } from '../i18n/register.js';
import { contactFormSchema, contactFormValues, contactPayload, EMPTY_CONTACT, isMaskedNumber, type ContactFormValues } from '../lib/contact-form.js';

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
  const form = useFormik<ContactFormValues>({
    initialValues: initial,
    validate: zodFormikValidate<ContactFormValues>(contactFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit(contactPayload(values, initial, editing));
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        const fieldErrors = serverValidationErrors<ContactFormValues>(err);
        if (fieldErrors && Object.keys(fieldErrors).length) helpers.setErrors(fieldErrors);
        else toastError(err);
      }
    },
  });

  const errorOf = (path: string): string | undefined => {
    const touched = getIn(form.touched, path) || form.submitCount > 0;
    const error = getIn(form.errors as FormikErrors<ContactFormValues>, path);
    return touched && typeof error === 'string' ? error : undefined;
  };

  const field = (name: 'name' | 'number' | 'email', extra: { type?: string; placeholder?: string; helper?: string; autoFocus?: boolean } = {}) => {
    const error = errorOf(name);
    const id = `contact-${name}`;
    return (
      <FormGroup label={t(`dialog.${name}`)} labelFor={id} labelInfo={name === 'email' ? undefined : '*'} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? extra.helper}>
        <InputGroup
          id={id}
          name={name}
          type={extra.type ?? 'text'}
          autoFocus={extra.autoFocus}
          placeholder={extra.placeholder}
          value={form.values[name]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={!!error || undefined}
        />
      </FormGroup>
    );
  };

  const setExtra = (index: number, key: 'name' | 'value', value: string) => {
    void form.setFieldValue(`extraInfo.${index}.${key}`, value);
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogBody>
        <H6>{t('dialog.data')}</H6>
        {field('name', { autoFocus: true })}
        {field('number', { helper: isMaskedNumber(initial.number) ? t('dialog.numberMasked') : t('dialog.numberHint'), placeholder: '5511999998888' })}
        {field('email', { type: 'email', placeholder: 'nome@exemplo.com' })}
        <H6>{t('dialog.extraInfo')}</H6>
        {form.values.extraInfo.map((item, index) => {
          const nameError = errorOf(`extraInfo.${index}.name`);
          const valueError = errorOf(`extraInfo.${index}.value`);
          return (
            <div className="cx-extra-row" key={index} data-testid="contact-extra-row">
              <FormGroup intent={nameError ? Intent.DANGER : Intent.NONE} helperText={nameError}>
                <InputGroup
                  name={`extraInfo.${index}.name`}
                  aria-label={`${t('dialog.extraName')} ${index + 1}`}
                  placeholder={t('dialog.extraName')}
                  value={item.name}
                  onChange={(e) => setExtra(index, 'name', e.currentTarget.value)}
                  onBlur={form.handleBlur}
                  intent={nameError ? Intent.DANGER : Intent.NONE}
                />
              </FormGroup>
              <FormGroup intent={valueError ? Intent.DANGER : Intent.NONE} helperText={valueError}>
                <InputGroup
                  name={`extraInfo.${index}.value`}
                  aria-label={`${t('dialog.extraValue')} ${index + 1}`}
                  placeholder={t('dialog.extraValue')}
                  value={item.value}
                  onChange={(e) => setExtra(index, 'value', e.currentTarget.value)}
                  onBlur={form.handleBlur}
                />
              </FormGroup>
              <Button
                icon="trash"
                variant="minimal"
                intent={Intent.DANGER}
                aria-label={t('dialog.removeExtra', { index: index + 1 })}
                title={t('dialog.removeExtra', { index: index + 1 })}
                onClick={() => void form.setFieldValue('extraInfo', form.values.extraInfo.filter((_, i) => i !== index))}
              />
            </div>
          );
        })}
        <Button
          icon="add"
          variant="outlined"
          text={t('dialog.addExtra')}
          onClick={() => void form.setFieldValue('extraInfo', [...form.values.extraInfo, { name: '', value: '' }])}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={form.isSubmitting} data-testid="contact-save" />
          </>
        }
      />
    </form>
  );
}
