import { Button, DialogBody, FileInput, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { chooseCloudTemplate, CloudTemplateFields, Dialog, fieldError, fieldIntent, FormDialogFooter, showSubmitError, TextAreaField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { CLOUD_CHANNEL, type Schedule, type ScheduleInput } from '@guiche/contracts';
import { useConnections } from '../hooks/useSchedules';
import { NS } from '../i18n/register';
import { scheduleFormSchema, scheduleFormValues, toInput, type ScheduleFormValues } from '../lib/schedule-form';
import { ContactPicker } from './ContactPicker';

interface Props {
  isOpen: boolean;
  schedule?: Schedule;
  /** A new schedule's contact and connection (from a ticket or a contact). */
  defaults: { contactId?: number | null; whatsappId?: number | null };
  onSubmit(input: ScheduleInput, file: File | null): Promise<Schedule>;
  onCancelSchedule?(schedule: Schedule): Promise<unknown>;
  onRemoveMedia?(schedule: Schedule): Promise<unknown>;
  onSaved(schedule: Schedule): void;
  onClose(): void;
}

/**
 * The schedule dialog (inbox.md, outreach-config.md §5): message (≥ 5), contact, send time on São
 * Paulo's clock (default one hour ahead), connection (the ticket's, else the company's default),
 * optional repeat with an end, and an attachment.
 */
export function ScheduleDialog({ isOpen, schedule, defaults, onSubmit, onCancelSchedule, onRemoveMedia, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const connections = useConnections();
  const [file, setFile] = useState<File | null>(null);
  // The default send time is taken when the dialog opens, not at each render: Formik re-initialises
  // whenever the initial values change, so a new minute on the clock wiped what the user had typed.
  const [openedAt, setOpenedAt] = useState(Date.now);
  const { contactId, whatsappId } = defaults;
  const initialValues = useMemo(() => scheduleFormValues(schedule, { contactId, whatsappId }, openedAt), [schedule, contactId, whatsappId, openedAt]);
  const form = useFormik<ScheduleFormValues>({
    initialValues,
    enableReinitialize: true,
    validate: zodFormikValidate<ScheduleFormValues>(scheduleFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit(toInput(values, cloudConnectionOf(values.whatsappId) !== null), values.templateKey ? null : file);
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const contactError = fieldError(form, 'contactId');
  const sendAtError = fieldError(form, 'sendAt');
  const untilError = fieldError(form, 'repeatUntil');
  const defaultConnection = connections.data?.find((c) => c.isDefault);
  /** The schedule's connection (the chosen one, else the default) when it is a Cloud API one. */
  function cloudConnectionOf(whatsappId: number | null) {
    const connection = whatsappId ? connections.data?.find((c) => c.id === whatsappId) : defaultConnection;
    return connection?.channel === CLOUD_CHANNEL ? connection : null;
  }
  const cloud = cloudConnectionOf(form.values.whatsappId);
  const byTemplate = Boolean(cloud && form.values.templateKey);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpening={() => {
        const now = Date.now();
        setOpenedAt(now);
        form.resetForm({ values: scheduleFormValues(schedule, { contactId, whatsappId }, now) });
        setFile(null);
      }}
      title={schedule ? t('dialog.editTitle') : t('dialog.newTitle')}
      icon="calendar"
      style={{ width: 520, maxWidth: '95vw' }}
    >
      <form onSubmit={form.handleSubmit} noValidate data-testid="schedule-dialog">
        <DialogBody>
          <FormGroup label={t('dialog.contact')} labelFor="schedule-contact" labelInfo="*" intent={fieldIntent(contactError)} helperText={contactError}>
            <ContactPicker
              id="schedule-contact"
              value={form.values.contactId}
              onChange={(id) => void form.setFieldValue('contactId', id)}
              onBlur={() => void form.setFieldTouched('contactId', true)}
              placeholder={t('dialog.contactPlaceholder')}
              noResults={t('dialog.noContacts')}
              invalid={!!contactError}
            />
          </FormGroup>
          {!byTemplate && <TextAreaField form={form} name="body" id="schedule-body" label={t('dialog.body')} rows={5} required autoFocus />}
          <FormGroup label={t('dialog.sendAt')} labelFor="schedule-send-at" labelInfo="*" intent={fieldIntent(sendAtError)} helperText={sendAtError ?? t('dialog.sendAtHint')}>
            <InputGroup type="datetime-local" id="schedule-send-at" name="sendAt" step={1} value={form.values.sendAt} onChange={form.handleChange} onBlur={form.handleBlur} intent={fieldIntent(sendAtError)} />
          </FormGroup>
          <FormGroup label={t('dialog.connection')} labelFor="schedule-connection">
            {/* Until the connections arrive the chosen one has no option to show: say so rather than show the default. */}
            <HTMLSelect
              id="schedule-connection"
              fill
              disabled={connections.isPending}
              value={form.values.whatsappId ?? ''}
              onChange={(e) => {
                const id = e.currentTarget.value ? Number(e.currentTarget.value) : null;
                // A template belongs to its connection: another connection starts from free text.
                void form.setValues({ ...form.values, whatsappId: id, templateKey: '', templateVariables: [], templateExtras: {} });
              }}
            >
              {connections.isPending ? (
                <option value={form.values.whatsappId ?? ''}>{t('dialog.loadingConnections')}</option>
              ) : (
                <>
                  <option value="">{defaultConnection ? `${t('dialog.defaultConnection')} (${defaultConnection.name})` : t('dialog.defaultConnection')}</option>
                  {(connections.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </>
              )}
            </HTMLSelect>
          </FormGroup>
          {cloud && (
            <CloudTemplateFields
              idPrefix="schedule-template"
              connectionId={cloud.id}
              explain={t('template.explain')}
              noneLabel={t('template.none')}
              templateKey={form.values.templateKey}
              values={form.values.templateVariables}
              onChange={(key, values) => void form.setValues({ ...form.values, ...chooseCloudTemplate(form.values, key, values) })}
              extras={form.values.templateExtras}
              onExtrasChange={(extras) => void form.setFieldValue('templateExtras', extras)}
            />
          )}
          <div className="sc-repeat">
            <FormGroup label={t('dialog.repeat')} labelFor="schedule-repeat">
              <HTMLSelect id="schedule-repeat" name="repeat" value={form.values.repeat} onChange={form.handleChange}>
                {(['none', 'daily', 'weekly', 'monthly'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`repeat.${r}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {form.values.repeat !== 'none' && (
              <FormGroup label={t('dialog.repeatUntil')} labelFor="schedule-repeat-until" labelInfo="*" intent={fieldIntent(untilError)} helperText={untilError}>
                <InputGroup type="datetime-local" id="schedule-repeat-until" name="repeatUntil" value={form.values.repeatUntil} onChange={form.handleChange} onBlur={form.handleBlur} intent={fieldIntent(untilError)} />
              </FormGroup>
            )}
          </div>
          {!byTemplate && (
            <FormGroup label={t('dialog.media')} labelFor="schedule-media">
              {schedule?.mediaName && !file ? (
                <div className="sc-media">
                  <span>{schedule.mediaName}</span>
                  {onRemoveMedia && <Button size="small" variant="minimal" icon="trash" aria-label={t('actions.removeMedia')} title={t('actions.removeMedia')} onClick={() => void onRemoveMedia(schedule)} />}
                </div>
              ) : (
                <FileInput
                  fill
                  text={file?.name ?? t('actions.attach')}
                  buttonText={t('actions.attach')}
                  inputProps={{ id: 'schedule-media', onChange: (e) => setFile(e.currentTarget.files?.[0] ?? null) }}
                />
              )}
            </FormGroup>
          )}
        </DialogBody>
        <FormDialogFooter
          cancelLabel={t('actions.cancel')}
          saveLabel={t('actions.save')}
          saving={form.isSubmitting}
          onCancel={onClose}
          saveTestId="schedule-save"
        />
        {schedule && schedule.status === 'PENDENTE' && onCancelSchedule && (
          <div className="sc-cancel">
            <Button intent={Intent.DANGER} variant="minimal" icon="disable" text={t('dialog.cancelSchedule')} onClick={() => void onCancelSchedule(schedule).then(() => toastSuccess(t('dialog.cancelled')))} data-testid="schedule-cancel" />
          </div>
        )}
      </form>
    </Dialog>
  );
}
