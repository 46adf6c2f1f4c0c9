import { DialogBody, FormGroup } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { Tag } from '@guiche/contracts';
import { Dialog, FormDialogFooter, isHexColor, showSubmitError, SwitchField, TagChip, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { TagFormInput } from '../api/tags-api.js';
import { NS } from '../i18n/register.js';
import { tagFormSchema, tagFormValues, type TagFormValues } from '../lib/tag-form.js';
import { ColorField } from './ColorField.js';

interface Props {
  isOpen: boolean;
  tag?: Tag;
  onSubmit(input: TagFormInput): Promise<Tag>;
  onSaved(tag: Tag): void;
  onClose(): void;
}

/** New / edit tag (outreach-config.md §2, §5): name, colour, kanban flag. */
export function TagDialog({ isOpen, tag, onSubmit, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const form = useFormik<TagFormValues>({
    initialValues: tagFormValues(tag),
    enableReinitialize: true,
    validate: zodFormikValidate<TagFormValues>(tagFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit({ name: values.name.trim(), color: values.color.trim(), kanban: values.kanban });
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={tag ? t('dialog.editTitle') : t('dialog.newTitle')} icon="tag" style={{ width: 480, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <TextField form={form} name="name" id="tag-name" label={t('dialog.name')} required autoFocus />
          <ColorField form={form} id="tag-color" label={t('dialog.color')} />
          <FormGroup label={t('dialog.preview')}>
            <TagChip name={form.values.name.trim() || t('dialog.previewName')} color={isHexColor(form.values.color) ? form.values.color : '#5F6B7C'} large />
          </FormGroup>
          <SwitchField form={form} name="kanban" label={t('dialog.kanban')} />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="tag-save" />
      </form>
    </Dialog>
  );
}
