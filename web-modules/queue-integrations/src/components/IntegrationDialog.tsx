import { Button, DialogBody } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { DIALOGFLOW_LANGUAGES, INTEGRATION_TYPES, IntegrationLimits, SIGNED_INTEGRATION_TYPES, type IntegrationFields, type QueueIntegration, type SavedQueueIntegration } from '@guiche/contracts';
import { Dialog, errorText, FormDialogFooter, SelectField, showSubmitError, TextAreaField, TextField, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { testSession } from '../api';
import { NS } from '../i18n/register';
import { integrationFormSchema, integrationFormValues, integrationPayload, type IntegrationFormValues } from '../lib/integration-form';
import { SigningSecret } from './SigningSecret';

const signs = (type: string) => (SIGNED_INTEGRATION_TYPES as readonly string[]).includes(type);

/**
 * The integration dialog with the type-specific fields of outreach-config.md §2. A save that made a
 * signing secret (N8N / webhook) keeps the dialog open on the saved integration with the secret shown
 * once (`onSecret`); `fresh` is that secret.
 */
export function IntegrationDialog({ isOpen, integration, fresh, onSubmit, onSecret, onClose }: {
  isOpen: boolean;
  integration?: QueueIntegration;
  fresh?: string;
  onSubmit(input: IntegrationFields): Promise<SavedQueueIntegration>;
  onSecret(saved: SavedQueueIntegration): void;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const [testing, setTesting] = useState(false);
  const form = useFormik<IntegrationFormValues>({
    initialValues: integrationFormValues(integration),
    enableReinitialize: true,
    validate: zodFormikValidate<IntegrationFormValues>(integrationFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit(integrationPayload(values));
        toastSuccess(t('dialog.saved'));
        if (saved.signingSecret) onSecret(saved);
        else onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const type = form.values.type;

  async function test() {
    setTesting(true);
    try {
      const result = await testSession({ projectName: form.values.projectName, jsonContent: form.values.jsonContent, language: form.values.language, id: integration?.id });
      if (result.ok) toastSuccess(t('dialog.testOk', { message: result.message ?? '' }));
      else toastError(t('dialog.testFailed', { reason: result.reason ?? '' }));
    } catch (err) {
      toastError(errorText(err));
    } finally {
      setTesting(false);
    }
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={integration ? t('dialog.editTitle') : t('dialog.newTitle')} icon="data-connection" style={{ width: 560, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate data-testid="integration-dialog">
        <DialogBody>
          <SelectField form={form} name="type" id="integration-type" label={t('dialog.type')} options={INTEGRATION_TYPES.map((ty) => [ty, t(`types.${ty}`)] as const)} />
          <TextField form={form} name="name" id="integration-name" label={t('dialog.name')} required autoFocus />
          {type === 'dialogflow' && (
            <>
              <SelectField form={form} name="language" id="integration-language" label={t('dialog.language')} options={DIALOGFLOW_LANGUAGES.map((l) => [l, t(`languages.${l}`)] as const)} />
              <TextField form={form} name="projectName" id="integration-projectName" label={t('dialog.projectName')} required />
              <TextAreaField form={form} name="jsonContent" id="integration-jsonContent" label={t('dialog.jsonContent')} rows={6} required />
              <div className="qi-test">
                <Button icon="lab-test" text={t('dialog.test')} loading={testing} onClick={() => void test()} data-testid="integration-test" disabled={!form.values.projectName || !form.values.jsonContent} />
              </div>
            </>
          )}
          {type !== 'dialogflow' && <TextField form={form} name="urlN8N" id="integration-url" label={t('dialog.url')} required placeholder="https://" />}
          {signs(type) && <SigningSecret key={`${integration?.id ?? 'new'}:${fresh ?? ''}`} integrationId={integration && signs(integration.type) ? integration.id : undefined} fresh={fresh} />}
          {type === 'typebot' && (
            <>
              <TextField form={form} name="typebotSlug" id="integration-slug" label={t('dialog.slug')} required />
              <div className="qi-row">
                <TextField form={form} name="typebotExpires" id="integration-expires" label={t('dialog.expires')} type="number" min={IntegrationLimits.typebotExpires.min} hint={t('dialog.expiresHint')} />
                <TextField form={form} name="typebotDelayMessage" id="integration-delay" label={t('dialog.delay')} type="number" min={IntegrationLimits.typebotDelayMessage.min} hint={t('dialog.delayHint')} />
                <TextField form={form} name="typebotKeywordFinish" id="integration-finish" label={t('dialog.keywordFinish')} />
                <TextField form={form} name="typebotKeywordRestart" id="integration-restart" label={t('dialog.keywordRestart')} />
              </div>
              <TextField form={form} name="typebotUnknownMessage" id="integration-unknown" label={t('dialog.unknownMessage')} />
              <TextField form={form} name="typebotRestartMessage" id="integration-restart-message" label={t('dialog.restartMessage')} />
            </>
          )}
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="integration-save" />
      </form>
    </Dialog>
  );
}
