import { DialogBody } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { SlaTarget } from '@guiche/contracts';
import { Dialog, FormDialogFooter, SelectField, showSubmitError, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { useConnections, useQueues } from '../../tickets/hooks/useReferenceData.js';
import type { SlaTargetFormInput } from '../api/sla-api.js';
import { NS } from '../i18n/register.js';
import { targetFormSchema, targetFormValues, targetInput, type TargetFormValues } from '../lib/target-form.js';

interface Props {
  isOpen: boolean;
  target?: SlaTarget;
  onSubmit(input: SlaTargetFormInput): Promise<SlaTarget>;
  onSaved(): void;
  onClose(): void;
}

/** New / edit SLA target: queue, connection (or every connection), first-response and resolution minutes. */
export function SlaTargetDialog({ isOpen, target, onSubmit, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const queues = useQueues();
  const connections = useConnections(isOpen);
  const form = useFormik<TargetFormValues>({
    initialValues: targetFormValues(target),
    enableReinitialize: true,
    validate: zodFormikValidate<TargetFormValues>(targetFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(targetInput(values));
        toastSuccess(t('dialog.saved'));
        onSaved();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const queueError = form.submitCount > 0 ? form.errors.queueId : undefined;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={target ? t('dialog.editTitle') : t('dialog.newTitle')} icon="stopwatch" style={{ width: 480, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <SelectField
            form={form}
            name="queueId"
            id="sla-target-queue"
            label={t('dialog.queue')}
            options={[['', t('dialog.chooseQueue')], ...(queues.data ?? []).map((q) => [String(q.id), q.name] as const)]}
          />
          {queueError && <p className="bp6-form-helper-text bp6-intent-danger" data-testid="sla-target-queue-error">{t(queueError.replace(/^sla:/, ''))}</p>}
          <SelectField
            form={form}
            name="whatsappId"
            id="sla-target-connection"
            label={t('dialog.connection')}
            options={[['', t('dialog.anyConnection')], ...(connections.data ?? []).map((c) => [String(c.id), c.name] as const)]}
          />
          <TextField form={form} name="firstResponseMinutes" id="sla-target-first-response" label={t('dialog.firstResponse')} inputMode="numeric" hint={t('dialog.minutesHint')} />
          <TextField form={form} name="resolutionMinutes" id="sla-target-resolution" label={t('dialog.resolution')} inputMode="numeric" hint={t('dialog.minutesHint')} />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="sla-target-save" />
      </form>
    </Dialog>
  );
}
