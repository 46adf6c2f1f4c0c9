import { DialogBody, FormGroup } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { ClosingReason } from '@guiche/contracts';
import { Dialog, FormDialogFooter, isHexColor, showSubmitError, SwitchField, TagChip, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { ColorField } from '../../tags/components/ColorField.js';
import type { ClosingReasonFormInput } from '../api/closing-reasons-api.js';
import { NS } from '../i18n/register.js';
import { reasonFormSchema, reasonFormValues, type ReasonFormValues } from '../lib/reason-form.js';

interface Props {
  isOpen: boolean;
  reason?: ClosingReason;
  onSubmit(input: ClosingReasonFormInput): Promise<ClosingReason>;
  onSaved(): void;
  onClose(): void;
}

/** New / edit closing reason: name, colour, active. */
export function ClosingReasonDialog({ isOpen, reason, onSubmit, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const form = useFormik<ReasonFormValues>({
    initialValues: reasonFormValues(reason),
    enableReinitialize: true,
    validate: zodFormikValidate<ReasonFormValues>(reasonFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit({ name: values.name.trim(), color: values.color.trim(), active: values.active });
        toastSuccess(t('dialog.saved'));
        onSaved();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={reason ? t('dialog.editTitle') : t('dialog.newTitle')} icon="tick-circle" style={{ width: 480, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <TextField form={form} name="name" id="closing-reason-name" label={t('dialog.name')} required autoFocus />
          <ColorField form={form} id="closing-reason-color" label={t('dialog.color')} />
          <FormGroup label={t('dialog.preview')}>
            <TagChip name={form.values.name.trim() || t('dialog.previewName')} color={isHexColor(form.values.color) ? form.values.color : '#5F6B7C'} large />
          </FormGroup>
          <SwitchField form={form} name="active" label={t('dialog.active')} />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="closing-reason-save" />
      </form>
    </Dialog>
  );
}
