import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { FieldArray, Formik, type FormikErrors } from 'formik';
import { z } from 'zod';
import { contactInputSchema, type Contact } from '@guiche/contracts';
import { Dialog, serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { numberOrNone } from '../../../contacts/lib/contact-form.js';
import { updateContact, type ContactChanges } from '../api.js';
import { NS } from '../i18n/register.js';

interface Values {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

/** inbox.md §5: name 2–50 ('Too Short!', 'Too Long!', 'Required'), number 8–50, 'Invalid email'. */
const schema = contactInputSchema.pick({ name: true, number: true, email: true, extraInfo: true }).extend({ email: z.union([z.literal(''), contactInputSchema.shape.email]) });
const validate = zodFormikValidate<Values>(schema);
/** A contact without a number (a website visitor who typed no phone, issue #32) may keep none. */
const validateWithoutNumber = zodFormikValidate<Values>(schema.extend({ number: numberOrNone(contactInputSchema.shape.number) }));

interface Props {
  contact: Contact;
  isOpen: boolean;
  onClose(): void;
  onSaved(contact: Contact): void;
}

/** What changed: an untouched (possibly LGPD-masked) number is never sent back. */
export function contactChanges(before: Contact, values: Values): ContactChanges {
  const changes: ContactChanges = {};
  if (values.name.trim() !== before.name) changes.name = values.name.trim();
  if (values.number.trim() !== before.number) changes.number = values.number.trim();
  if (values.email.trim() !== (before.email ?? '')) changes.email = values.email.trim();
  const extra = values.extraInfo.map((f) => ({ name: f.name.trim(), value: f.value }));
  const previous = (before.extraInfo ?? []).map((f) => ({ name: f.name, value: f.value }));
  if (JSON.stringify(extra) !== JSON.stringify(previous)) changes.extraInfo = extra;
  return changes;
}

export function ContactEditDialog({ contact, isOpen, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS);
  const initial: Values = {
    name: contact.name,
    number: contact.number ?? '',
    email: contact.email ?? '',
    extraInfo: (contact.extraInfo ?? []).map((f) => ({ name: f.name, value: f.value })),
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('edit.title')} icon="edit" style={{ width: 'min(520px, 96vw)' }}>
      <Formik<Values>
        initialValues={initial}
        enableReinitialize
        validate={contact.number ? validate : validateWithoutNumber}
        onSubmit={async (values, helpers) => {
          const changes = contactChanges(contact, values);
          if (!Object.keys(changes).length) {
            onClose();
            return;
          }
          try {
            const saved = await updateContact(contact.id, changes);
            toastSuccess(t('edit.saved'));
            onSaved(saved);
            onClose();
          } catch (err) {
            const fieldErrors = serverValidationErrors<Values>(err);
            if (fieldErrors) helpers.setErrors(fieldErrors as FormikErrors<Values>);
            else toastError(err);
          }
        }}
      >
        {({ values, errors, touched, handleChange, handleBlur, handleSubmit, isSubmitting }) => {
          const fieldError = (name: 'name' | 'number' | 'email') => (touched[name] && errors[name] ? String(errors[name]) : undefined);
          const extraError = (i: number, key: 'name' | 'value') => {
            const list = errors.extraInfo as FormikErrors<{ name: string; value: string }>[] | string | undefined;
            return typeof list === 'object' ? list?.[i]?.[key] : undefined;
          };
          return (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                {(['name', 'number', 'email'] as const).map((name) => (
                  <FormGroup key={name} label={t(`edit.${name}`)} labelFor={`cd-${name}`} intent={fieldError(name) ? Intent.DANGER : Intent.NONE} helperText={fieldError(name)}>
                    <InputGroup
                      id={`cd-${name}`}
                      name={name}
                      type={name === 'email' ? 'email' : 'text'}
                      value={values[name]}
                      onChange={handleChange}
                      onBlur={handleBlur}
                      intent={fieldError(name) ? Intent.DANGER : Intent.NONE}
                      autoFocus={name === 'name'}
                    />
                  </FormGroup>
                ))}
                <FieldArray name="extraInfo">
                  {({ push, remove }) => (
                    <fieldset className="cd-extra-edit">
                      <legend>{t('edit.extraInfo')}</legend>
                      {values.extraInfo.map((field, i) => (
                        <div key={i} className="cd-extra-edit__row">
                          <FormGroup label={t('edit.fieldName')} labelFor={`cd-extra-${i}-name`} intent={extraError(i, 'name') ? Intent.DANGER : Intent.NONE} helperText={extraError(i, 'name')}>
                            <InputGroup id={`cd-extra-${i}-name`} name={`extraInfo.${i}.name`} value={field.name} onChange={handleChange} />
                          </FormGroup>
                          <FormGroup label={t('edit.fieldValue')} labelFor={`cd-extra-${i}-value`} intent={extraError(i, 'value') ? Intent.DANGER : Intent.NONE} helperText={extraError(i, 'value')}>
                            <InputGroup id={`cd-extra-${i}-value`} name={`extraInfo.${i}.value`} value={field.value} onChange={handleChange} />
                          </FormGroup>
                          <Button icon="trash" variant="minimal" intent="danger" aria-label={t('edit.removeField')} onClick={() => remove(i)} />
                        </div>
                      ))}
                      <Button icon="add" variant="outlined" text={t('edit.addField')} onClick={() => push({ name: '', value: '' })} />
                    </fieldset>
                  )}
                </FieldArray>
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={t('actions.cancel')} onClick={onClose} />
                    <Button type="submit" intent="primary" text={t('actions.save')} loading={isSubmitting} data-testid="contact-save" />
                  </>
                }
              />
            </form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
