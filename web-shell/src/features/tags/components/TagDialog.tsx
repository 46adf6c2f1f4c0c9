import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { Tag } from '@guiche/contracts';
import { serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { TagChip } from '../../contacts/shared/TagChip.js';
import { isHexColor } from '../../contacts/shared/colors.js';
import type { TagFormInput } from '../api/tags-api.js';
import { NS } from '../i18n/register.js';
import { tagFormSchema, tagFormValues, type TagFormValues } from '../lib/tag-form.js';
import { ColorPicker } from './ColorPicker.js';

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
        const fieldErrors = serverValidationErrors<TagFormValues>(err);
        if (fieldErrors && Object.keys(fieldErrors).length) helpers.setErrors(fieldErrors);
        else toastError(err);
      }
    },
  });
  const shown = (field: keyof TagFormValues) => (form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined);
  const nameError = shown('name');
  const colorError = shown('color');

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onClosed={() => form.resetForm()} title={tag ? t('dialog.editTitle') : t('dialog.newTitle')} icon="tag" style={{ width: 480, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <FormGroup label={t('dialog.name')} labelFor="tag-name" labelInfo="*" intent={nameError ? Intent.DANGER : Intent.NONE} helperText={nameError}>
            <InputGroup
              id="tag-name"
              name="name"
              autoFocus
              value={form.values.name}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              intent={nameError ? Intent.DANGER : Intent.NONE}
              aria-invalid={!!nameError || undefined}
            />
          </FormGroup>
          <FormGroup label={t('dialog.color')} labelFor="tag-color" intent={colorError ? Intent.DANGER : Intent.NONE} helperText={colorError}>
            <ColorPicker
              id="tag-color"
              value={form.values.color}
              invalid={!!colorError}
              onChange={(color) => void form.setFieldValue('color', color)}
              onBlur={() => void form.setFieldTouched('color', true)}
            />
          </FormGroup>
          <FormGroup label={t('dialog.preview')}>
            <TagChip name={form.values.name.trim() || t('dialog.previewName')} color={isHexColor(form.values.color) ? form.values.color : '#5F6B7C'} large />
          </FormGroup>
          <Switch
            name="kanban"
            checked={form.values.kanban}
            label={t('dialog.kanban')}
            onChange={(e) => void form.setFieldValue('kanban', e.currentTarget.checked)}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={form.isSubmitting} data-testid="tag-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
