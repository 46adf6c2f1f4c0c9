import { Button, DialogBody, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import type { QuickMessage } from '@guiche/contracts';
import { Dialog, FormDialogFooter, showSubmitError, SwitchField, TextAreaField, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { createQuickMessage, deleteQuickMessageMedia, updateQuickMessage, uploadQuickMessageMedia } from '../api/quick-messages-api.js';
import { NS } from '../i18n/register.js';
import { MESSAGE_ROWS, MESSAGE_VARIABLES, mediaShown, quickMessageFormSchema, quickMessageFormValues, type MediaChange, type QuickMessageFormValues } from '../lib/quick-message-form.js';

interface Props {
  isOpen: boolean;
  record?: QuickMessage;
  /** Admins (and supervisors) set the general flag (outreach-config.md §6). */
  canSetGeral: boolean;
  onSaved(record: QuickMessage): void;
  onClose(): void;
}

/** New / edit quick message: shortcode, a 7-row message, an optional attachment, the general flag. */
export function QuickMessageDialog({ isOpen, record, canSetGeral, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const [media, setMedia] = useState<MediaChange>({ kind: 'keep' });
  // A new message whose attachment failed to upload is already saved: a retry updates it.
  const savedRef = useRef<QuickMessage | undefined>(undefined);
  const form = useFormik<QuickMessageFormValues>({
    initialValues: quickMessageFormValues(record),
    enableReinitialize: true,
    validate: zodFormikValidate<QuickMessageFormValues>(quickMessageFormSchema),
    onSubmit: async (values, helpers) => {
      const input = { shortcode: values.shortcode.trim(), message: values.message, ...(canSetGeral ? { geral: values.geral } : {}) };
      const existing = record ?? savedRef.current;
      try {
        let saved = existing ? await updateQuickMessage(existing.id, input) : await createQuickMessage(input);
        savedRef.current = saved;
        if (media.kind === 'replace') saved = await uploadQuickMessageMedia(saved.id, media.file);
        else if (media.kind === 'remove' && existing?.mediaPath) saved = await deleteQuickMessageMedia(saved.id);
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const attachment = mediaShown(record ?? savedRef.current, media);

  const reset = () => {
    form.resetForm();
    setMedia({ kind: 'keep' });
    savedRef.current = undefined;
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onClosed={reset} title={record ? t('dialog.editTitle') : t('dialog.newTitle')} icon="flash" style={{ width: 560, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogBody>
          <TextField form={form} name="shortcode" id="qm-shortcode" label={t('dialog.shortcode')} required autoFocus hint={t('dialog.shortcodeHint')} />
          <TextAreaField form={form} name="message" id="qm-message" label={t('dialog.message')} rows={MESSAGE_ROWS} hint={`${t('dialog.messageHint')} ${MESSAGE_VARIABLES.map((v) => `{{${v}}}`).join(' ')}`} />
          <FormGroup label={t('dialog.media')} labelFor="qm-media">
            <div className="cx-file-row">
              <FileInput
                text={attachment ?? t('dialog.noMedia')}
                buttonText={t('dialog.chooseMedia')}
                hasSelection={!!attachment}
                fill
                inputProps={{ id: 'qm-media', 'aria-label': t('dialog.media') }}
                onInputChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) setMedia({ kind: 'replace', file });
                  event.currentTarget.value = '';
                }}
              />
              {attachment && (
                <Button icon="trash" variant="minimal" intent={Intent.DANGER} text={t('dialog.removeMedia')} onClick={() => setMedia({ kind: 'remove' })} data-testid="qm-remove-media" />
              )}
            </div>
          </FormGroup>
          {canSetGeral && <SwitchField form={form} name="geral" label={t('dialog.geral')} testId="qm-geral" />}
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="qm-save" />
      </form>
    </Dialog>
  );
}
