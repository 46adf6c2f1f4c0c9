import { DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { Tag } from '@guiche/contracts';
import { Dialog, fieldError, fieldIntent, FormDialogFooter, isHexColor, showSubmitError, TAG_PALETTE, TagChip, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { KanbanTagInput } from '../api/kanban-api';
import { TAGS_NS } from '../i18n/register';
import { kanbanTagSchema, kanbanTagValues, type KanbanTagValues } from '../lib/tag-form';

interface Props {
  isOpen: boolean;
  tag?: Tag;
  onSubmit(input: KanbanTagInput): Promise<Tag>;
  onSaved(tag: Tag): void;
  onClose(): void;
}

/** New / edit kanban tag (a lane): name and colour; saved with kanban=1. */
export function KanbanTagDialog({ isOpen, tag, onSubmit, onSaved, onClose }: Props) {
  const { t } = useTranslation(TAGS_NS);
  const form = useFormik<KanbanTagValues>({
    initialValues: kanbanTagValues(tag),
    enableReinitialize: true,
    validate: zodFormikValidate<KanbanTagValues>(kanbanTagSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit({ name: values.name.trim(), color: values.color.trim() });
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const colorError = fieldError(form, 'color');

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={tag ? t('dialog.editTitle') : t('dialog.newTitle')} icon="column-layout" style={{ width: 440, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <TextField form={form} name="name" id="kanban-tag-name" label={t('dialog.name')} required autoFocus />
          <FormGroup label={t('dialog.color')} labelFor="kanban-tag-color" intent={fieldIntent(colorError)} helperText={colorError}>
            <div className="kb-colors">
              {TAG_PALETTE.map((c) => (
                <button
                  key={c}
                  type="button"
                  className={`kb-swatch${form.values.color.toLowerCase() === c.toLowerCase() ? ' kb-swatch-on' : ''}`}
                  style={{ background: c }}
                  aria-label={c}
                  aria-pressed={form.values.color.toLowerCase() === c.toLowerCase()}
                  onClick={() => void form.setFieldValue('color', c)}
                />
              ))}
            </div>
            <InputGroup id="kanban-tag-color" name="color" value={form.values.color} onChange={form.handleChange} onBlur={form.handleBlur} intent={fieldIntent(colorError)} />
          </FormGroup>
          <TagChip name={form.values.name.trim() || '—'} color={isHexColor(form.values.color) ? form.values.color : '#5F6B7C'} large />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="kanban-tag-save" />
      </form>
    </Dialog>
  );
}
