import { Button, DialogBody, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { PROMPT_VOICES, PromptLimits, type Prompt, type PromptFields } from '@guiche/contracts';
import { Dialog, fieldError, fieldIntent, FormDialogFooter, SelectField, showSubmitError, TextAreaField, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { useQueues } from '../hooks';
import { NS } from '../i18n/register';
import { promptFormSchema, promptFormValues, promptPayload, type PromptFormValues } from '../lib/prompt-form';

/** The prompt dialog with every field of outreach-config.md §2; the saved API key comes back masked. */
export function PromptDialog({ isOpen, prompt, onSubmit, onClose }: { isOpen: boolean; prompt?: Prompt; onSubmit(input: PromptFields): Promise<unknown>; onClose(): void }) {
  const { t } = useTranslation(NS);
  const queues = useQueues();
  const [showKey, setShowKey] = useState(false);
  const form = useFormik<PromptFormValues>({
    initialValues: promptFormValues(prompt),
    enableReinitialize: true,
    validate: zodFormikValidate<PromptFormValues>(promptFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(promptPayload(values));
        toastSuccess(t('dialog.saved'));
        onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const queueError = fieldError(form, 'queueId');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={prompt ? t('dialog.editTitle') : t('dialog.newTitle')} icon="predictive-analysis" style={{ width: 620, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate data-testid="prompt-dialog">
        <DialogBody>
          <TextField form={form} name="name" id="prompt-name" label={t('dialog.name')} autoFocus />
          <TextField
            form={form}
            name="apiKey"
            id="prompt-apiKey"
            label={t('dialog.apiKey')}
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            rightElement={<Button variant="minimal" icon={showKey ? 'eye-off' : 'eye-open'} aria-label={showKey ? t('dialog.hideKey') : t('dialog.showKey')} title={showKey ? t('dialog.hideKey') : t('dialog.showKey')} onClick={() => setShowKey(!showKey)} />}
          />
          <TextAreaField form={form} name="prompt" id="prompt-prompt" label={t('dialog.prompt')} rows={6} />
          <FormGroup label={t('dialog.queue')} labelFor="prompt-queue" labelInfo="*" intent={fieldIntent(queueError)} helperText={queueError}>
            <HTMLSelect id="prompt-queue" name="queueId" fill value={form.values.queueId} onChange={form.handleChange}>
              <option value="">{queues.isPending ? t('dialog.loadingQueues') : t('dialog.chooseQueue')}</option>
              {(queues.data ?? []).map((q) => (
                <option key={q.id} value={q.id}>
                  {q.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <SelectField form={form} name="voice" id="prompt-voice" label={t('dialog.voice')} options={PROMPT_VOICES.map((v) => [v, v === 'texto' ? t('dialog.text') : v.replace('pt-BR-', '').replace('Neural', '')] as const)} />
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 12px' }}>
            <TextField form={form} name="voiceKey" id="prompt-voiceKey" label={t('dialog.voiceKey')} autoComplete="off" />
            <TextField form={form} name="voiceRegion" id="prompt-voiceRegion" label={t('dialog.voiceRegion')} />
            <TextField form={form} name="temperature" id="prompt-temperature" label={t('dialog.temperature')} type="number" min={PromptLimits.temperature.min} max={PromptLimits.temperature.max} step={0.1} />
            <TextField form={form} name="maxTokens" id="prompt-maxTokens" label={t('dialog.maxTokens')} type="number" min={PromptLimits.maxTokens.min} />
            <TextField form={form} name="maxMessages" id="prompt-maxMessages" label={t('dialog.maxMessages')} type="number" min={PromptLimits.maxMessages.min} />
          </div>
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="prompt-save" />
      </form>
    </Dialog>
  );
}
