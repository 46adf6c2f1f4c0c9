import { Button, DialogBody, FileInput, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useState } from 'react';
import { AnnouncementPriorities, type Announcement } from '@guiche/contracts';
import { Dialog, FormDialogFooter, SwitchField, TextAreaField, TextField, toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { announcementKeys, deleteAnnouncementMedia, saveAnnouncement, uploadAnnouncementMedia } from '../api/announcements-api.js';
import { NS } from '../i18n/register.js';

interface Values {
  title: string;
  text: string;
  priority: string;
  status: boolean;
}

const IMAGE_TYPES = /\.(png|jpe?g)$/i;

/** New / edit announcement: title, text, status, priority and an optional .png/.jpg/.jpeg image. */
export function AnnouncementDialog({ announcement, onClose }: { announcement: Announcement | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mediaName, setMediaName] = useState(announcement?.mediaName ?? null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementKeys.all });
  const form = useFormik<Values>({
    initialValues: { title: announcement?.title ?? '', text: announcement?.text ?? '', priority: String(announcement?.priority ?? 3), status: announcement?.status ?? true },
    validate: (v) => {
      const errors: Partial<Record<keyof Values, string>> = {};
      if (!v.title.trim()) errors.title = t('dialog.required');
      if (!v.text.trim()) errors.text = t('dialog.required');
      return errors;
    },
    onSubmit: async (v) => {
      try {
        const saved = await saveAnnouncement(announcement?.id ?? null, { title: v.title.trim(), text: v.text.trim(), priority: Number(v.priority), status: v.status });
        if (file) await uploadAnnouncementMedia(saved.id, file);
        toastSuccess(t('dialog.saved'));
        await refresh();
        onClose();
      } catch (err) {
        toastError(err);
      }
    },
  });

  async function removeMedia() {
    if (!announcement) return;
    try {
      await deleteAnnouncementMedia(announcement.id);
      setMediaName(null);
      await refresh();
    } catch (err) {
      toastError(err);
    }
  }

  return (
    <Dialog isOpen onClose={onClose} title={announcement ? t('dialog.editTitle') : t('dialog.newTitle')} icon="feed" style={{ width: 560, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate data-testid="announcement-dialog">
        <DialogBody>
          <TextField form={form} name="title" id="announcement-title" label={t('dialog.title')} required autoFocus />
          <TextAreaField form={form} name="text" id="announcement-text" label={t('dialog.text')} rows={5} />
          <FormGroup label={t('dialog.priority')} labelFor="announcement-priority">
            <HTMLSelect id="announcement-priority" name="priority" fill value={form.values.priority} onChange={form.handleChange}>
              {AnnouncementPriorities.map((p) => (
                <option key={p} value={String(p)}>
                  {t(`priority.${p}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <SwitchField form={form} name="status" label={t('dialog.status')} testId="announcement-status" />
          <FormGroup label={t('dialog.attachment')} labelFor="announcement-file" helperText={fileError ?? t('dialog.attachmentHint')} intent={fileError ? 'danger' : 'none'}>
            <FileInput
              fill
              text={file?.name ?? mediaName ?? t('dialog.chooseFile')}
              buttonText={t('dialog.browse')}
              inputProps={{ id: 'announcement-file', accept: '.png,.jpg,.jpeg,image/png,image/jpeg' }}
              onInputChange={(e) => {
                const chosen = (e.target as HTMLInputElement).files?.[0] ?? null;
                if (chosen && !IMAGE_TYPES.test(chosen.name)) {
                  setFileError(t('dialog.attachmentType'));
                  setFile(null);
                } else {
                  setFileError(null);
                  setFile(chosen);
                }
              }}
            />
          </FormGroup>
          {announcement && mediaName && !file && <Button variant="minimal" intent="danger" icon="trash" text={t('dialog.removeAttachment')} onClick={() => void removeMedia()} />}
        </DialogBody>
        <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} saveDisabled={!!fileError} onCancel={onClose} saveTestId="announcement-save" />
      </form>
    </Dialog>
  );
}
