import { Button, DialogBody, FileInput, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { getIn, useFormik } from 'formik';
import { Dialog, FormDialogFooter, publicUrl, showSubmitError, TextAreaField, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { useFileListMutations } from '../hooks/useFileLists.js';
import { NS } from '../i18n/register.js';
import { blankOption, fileListFormSchema, fileListFormValues, storedName, type FileList, type FileListFormValues } from '../lib/file-list.js';
import './files.css';

interface Props {
  isOpen: boolean;
  list?: FileList;
  onClose(): void;
}

/** New / edit file list (outreach-config.md §2, §5): name (≥3), message, entries each with a name and a file. */
export function FileListDialog({ isOpen, list, onClose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={list ? t('dialog.editTitle') : t('dialog.newTitle')} icon="folder-open" style={{ width: 640, maxWidth: '96vw' }}>
      {isOpen && <FileListForm key={list?.id ?? 'new'} list={list} onClose={onClose} />}
    </Dialog>
  );
}

function FileListForm({ list, onClose }: { list?: FileList; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { save } = useFileListMutations();
  const form = useFormik<FileListFormValues>({
    initialValues: fileListFormValues(list),
    validate: zodFormikValidate<FileListFormValues>(fileListFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        await save.mutateAsync({ id: list?.id ?? null, values });
        toastSuccess(list ? t('dialog.saved') : t('dialog.created'));
        onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const shown = (path: string): string | undefined => (form.submitCount > 0 || getIn(form.touched, path) ? (getIn(form.errors, path) as string | undefined) : undefined);
  const setOption = (index: number, patch: Partial<FileListFormValues['options'][number]>) =>
    void form.setFieldValue(
      'options',
      form.values.options.map((o, i) => (i === index ? { ...o, ...patch } : o)),
    );

  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid="file-dialog">
      <DialogBody>
        <TextField form={form} name="name" id="file-name" label={t('dialog.name')} required autoFocus />
        <TextAreaField form={form} name="message" id="file-message" label={t('dialog.message')} hint={t('dialog.messageHint')} rows={3} />
        <fieldset className="fl-options">
          <legend>{t('dialog.options')}</legend>
          {form.values.options.length === 0 && <p className="bp6-text-muted">{t('dialog.noOptions')}</p>}
          {form.values.options.map((option, index) => {
            const nameError = shown(`options.${index}.name`);
            const fileError = shown(`options.${index}.file`);
            const current = option.file ? option.file.name : storedName(option.path);
            const url = !option.file ? publicUrl(option.path) : null;
            return (
              <div key={option.id ?? `new-${index}`} className="fl-option" data-testid="file-option">
                <FormGroup label={t('dialog.optionName')} labelFor={`file-option-${index}-name`} labelInfo="*" intent={nameError ? Intent.DANGER : Intent.NONE} helperText={nameError}>
                  <InputGroup
                    id={`file-option-${index}-name`}
                    value={option.name}
                    intent={nameError ? Intent.DANGER : Intent.NONE}
                    aria-invalid={!!nameError || undefined}
                    onChange={(e) => setOption(index, { name: e.currentTarget.value })}
                    onBlur={() => void form.setFieldTouched(`options.${index}.name`, true, false)}
                  />
                </FormGroup>
                <FormGroup label={t('dialog.optionFile')} labelInfo="*" intent={fileError ? Intent.DANGER : Intent.NONE} helperText={fileError ?? (url ? <a href={url} target="_blank" rel="noreferrer">{t('dialog.openFile')}</a> : undefined)}>
                  <FileInput
                    fill
                    text={current || t('dialog.noFile')}
                    hasSelection={!!current}
                    buttonText={t('dialog.chooseFile')}
                    inputProps={{ 'aria-label': t('dialog.optionFileOf', { index: index + 1 }), ...({ 'data-testid': `file-option-${index}-file` } as object) }}
                    onInputChange={(e) => setOption(index, { file: e.currentTarget.files?.[0] ?? null })}
                  />
                </FormGroup>
                <Button
                  icon="trash"
                  variant="minimal"
                  intent={Intent.DANGER}
                  className="fl-option__remove"
                  aria-label={t('dialog.removeOption', { index: index + 1 })}
                  title={t('dialog.removeOption', { index: index + 1 })}
                  onClick={() => void form.setFieldValue('options', form.values.options.filter((_, i) => i !== index))}
                />
              </div>
            );
          })}
          <Button icon="add" text={t('dialog.addOption')} onClick={() => void form.setFieldValue('options', [...form.values.options, blankOption()])} data-testid="file-add-option" />
        </fieldset>
      </DialogBody>
      <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="file-save" />
    </form>
  );
}
