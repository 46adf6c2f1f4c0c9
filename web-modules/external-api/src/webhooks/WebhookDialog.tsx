import { Checkbox, FormGroup, DialogBody, Switch } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { WebhookEventTypes, webhookCreateSchema, type SubscribableWebhookEvent, type WebhookSubscription } from '@guiche/contracts';
import { Dialog, fieldError, fieldIntent, FormDialogFooter, showSubmitError, TextField, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { NS } from '../i18n/register';

export interface WebhookFormValues {
  url: string;
  events: SubscribableWebhookEvent[];
  enabled: boolean;
}

/** Create or edit a subscription: URL, the events wanted (checkboxes) and whether it is on. */
export function WebhookDialog({ isOpen, webhook, onSubmit, onClose }: { isOpen: boolean; webhook?: WebhookSubscription; onSubmit(values: WebhookFormValues): Promise<unknown>; onClose(): void }) {
  const { t } = useTranslation(NS);
  const form = useFormik<WebhookFormValues>({
    initialValues: { url: webhook?.url ?? '', events: webhook?.events ?? [], enabled: webhook?.enabled ?? true },
    enableReinitialize: true,
    validate: zodFormikValidate<WebhookFormValues>(webhookCreateSchema),
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(values);
        onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const eventsError = fieldError(form, 'events');
  const toggle = (type: SubscribableWebhookEvent, on: boolean) =>
    void form.setFieldValue('events', on ? [...form.values.events, type] : form.values.events.filter((e) => e !== type));
  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={webhook ? t('webhooks.dialog.editTitle') : t('webhooks.dialog.newTitle')} icon="send-to" style={{ width: 560, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate data-testid="webhook-dialog">
        <DialogBody>
          <TextField form={form} name="url" id="webhook-url" label={t('webhooks.dialog.url')} required placeholder="https://example.com/guiche-webhooks" hint={t('webhooks.dialog.urlHint')} autoFocus />
          <FormGroup label={t('webhooks.dialog.events')} labelInfo="*" intent={fieldIntent(eventsError)} helperText={eventsError}>
            {WebhookEventTypes.map((type) => (
              <Checkbox key={type} data-testid={`webhook-event-${type}`} checked={form.values.events.includes(type)} onChange={(e) => toggle(type, e.currentTarget.checked)} labelElement={<>{t(`webhooks.events.${type}`)} <code className="mapi-event">{type}</code></>} />
            ))}
          </FormGroup>
          <Switch checked={form.values.enabled} label={t('webhooks.dialog.enabled')} onChange={(e) => void form.setFieldValue('enabled', e.currentTarget.checked)} />
        </DialogBody>
        <FormDialogFooter cancelLabel={t('webhooks.actions.cancel')} saveLabel={t('webhooks.actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="webhook-save" />
      </form>
    </Dialog>
  );
}
