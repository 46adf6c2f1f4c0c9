import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { z } from 'zod';
import { errorText, FormDialogFooter, SelectField, showSubmitError, TextAreaField, TextField, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { INTEGRATION_TYPES, LANGUAGES, testSession, type IntegrationInput, type IntegrationType, type QueueIntegration } from '../api';
import { NS } from '../i18n/register';

interface Values {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

const V = { required: 'validation.required', tooShort: 'queueIntegrations:validation.tooShort', tooLong: 'queueIntegrations:validation.tooLong' };
const schema = z.object({ name: z.string().trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong) });

function initial(i?: QueueIntegration): Values {
  return {
    type: i?.type ?? 'typebot',
    name: i?.name ?? '',
    projectName: i?.projectName ?? '',
    jsonContent: i?.jsonContent ?? '',
    language: i?.language ?? 'pt-BR',
    urlN8N: i?.urlN8N ?? '',
    typebotSlug: i?.typebotSlug ?? '',
    typebotExpires: String(i?.typebotExpires ?? 1),
    typebotDelayMessage: String(i?.typebotDelayMessage ?? 1000),
    typebotKeywordFinish: i?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: i?.typebotKeywordRestart ?? '',
    typebotUnknownMessage: i?.typebotUnknownMessage ?? '',
    typebotRestartMessage: i?.typebotRestartMessage ?? '',
  };
}

const orNull = (v: string) => (v.trim() ? v : null);

function toInput(v: Values): IntegrationInput {
  return {
    type: v.type,
    name: v.name.trim(),
    projectName: v.type === 'dialogflow' ? v.projectName.trim() : v.name.trim(),
    jsonContent: v.type === 'dialogflow' ? orNull(v.jsonContent) : null,
    language: v.type === 'dialogflow' ? v.language : null,
    urlN8N: v.type === 'dialogflow' ? null : orNull(v.urlN8N.trim()),
    typebotSlug: v.type === 'typebot' ? orNull(v.typebotSlug.trim()) : null,
    typebotExpires: Number(v.typebotExpires) || 0,
    typebotDelayMessage: Number(v.typebotDelayMessage) || 0,
    typebotKeywordFinish: orNull(v.typebotKeywordFinish),
    typebotKeywordRestart: orNull(v.typebotKeywordRestart),
    typebotUnknownMessage: orNull(v.typebotUnknownMessage),
    typebotRestartMessage: orNull(v.typebotRestartMessage),
  };
}

/** The integration dialog with the type-specific fields of outreach-config.md §2. */
export function IntegrationDialog({ isOpen, integration, onSubmit, onClose }: { isOpen: boolean; integration?: QueueIntegration; onSubmit(input: IntegrationInput): Promise<unknown>; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [testing, setTesting] = useState(false);
  const form = useFormik<Values>({
    initialValues: initial(integration),
    enableReinitialize: true,
    validate: zodFormikValidate<Values>(schema),
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(toInput(values));
        toastSuccess(t('dialog.saved'));
        onClose();
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
              <SelectField form={form} name="language" id="integration-language" label={t('dialog.language')} options={LANGUAGES.map((l) => [l, t(`languages.${l}`)] as const)} />
              <TextField form={form} name="projectName" id="integration-projectName" label={t('dialog.projectName')} required />
              <TextAreaField form={form} name="jsonContent" id="integration-jsonContent" label={t('dialog.jsonContent')} rows={6} required />
              <div className="qi-test">
                <Button icon="lab-test" text={t('dialog.test')} loading={testing} onClick={() => void test()} data-testid="integration-test" disabled={!form.values.projectName || !form.values.jsonContent} />
              </div>
            </>
          )}
          {type !== 'dialogflow' && <TextField form={form} name="urlN8N" id="integration-url" label={t('dialog.url')} required placeholder="https://" />}
          {type === 'typebot' && (
            <>
              <TextField form={form} name="typebotSlug" id="integration-slug" label={t('dialog.slug')} required />
              <div className="qi-row">
                <TextField form={form} name="typebotExpires" id="integration-expires" label={t('dialog.expires')} type="number" min={0} hint={t('dialog.expiresHint')} />
                <TextField form={form} name="typebotDelayMessage" id="integration-delay" label={t('dialog.delay')} type="number" min={0} hint={t('dialog.delayHint')} />
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
