import { Button, Callout, DialogBody, DialogFooter, FileInput, FormGroup, InputGroup, Intent, Switch, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Connection, ConnectionChannel, ConnectionUpdate } from '@guiche/contracts';
import { Dialog, RecordMultiSelect, serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { useQueueOptions } from '../hooks/useConnections.js';
import { NS } from '../i18n/register.js';
import { CloudApiPanel } from '../meta/CloudApiPanel.js';
import { WebchatSitePanel } from '../webchat/WebchatSitePanel.js';
import { TelegramPanel } from '../telegram/TelegramPanel.js';
import { ApiTokenPanel } from '../api-token/ApiTokenPanel.js';
import { connectionFormSchema, connectionFormValues, connectionPayload, importsHistory, mustResetSession, type ConnectionFormValues } from '../lib/connection-form.js';
import { useScheduleType } from '../../settings/hooks/useSettings.js';
import { connectionTabsPayload, connectionTabsSchema, connectionTabsValues, TAB_OF_FIELD } from '../lib/connection-tabs.js';
import { AssessmentsTab, ChatbotTab, IntegrationsTab, MessagesTab, SchedulesTab, type ConnectionDialogValues } from './ConnectionTabs.js';

export interface ConnectionSave {
  input: ConnectionUpdate;
  /** Editing a CONNECTED connection that now imports old messages: its session is reset first. */
  resetSession: boolean;
  /** A greeting attachment picked in the dialog, uploaded once the connection is saved. */
  media: File | null;
}

interface Props {
  isOpen: boolean;
  /** The channel of a new connection. */
  channel: ConnectionChannel;
  connection?: Connection;
  onSubmit(save: ConnectionSave): Promise<Connection>;
  onRemoveMedia(connection: Connection): Promise<unknown>;
  onSaved(connection: Connection): void;
  onClose(): void;
}

function fileName(path: string): string {
  return path.split('/').pop() ?? path;
}

/**
 * New / edit connection (account-admin.md §2 Connection dialog, §5): the general tab here, then
 * integrations, messages, chatbot, assessments and (scheduleType connection) schedules from
 * ConnectionTabs.tsx.
 */
export function ConnectionDialog({ isOpen, channel, connection, onSubmit, onRemoveMedia, onSaved, onClose }: Props) {
  const { t } = useTranslation(NS);
  const queues = useQueueOptions(isOpen);
  const [media, setMedia] = useState<File | null>(null);
  const [removing, setRemoving] = useState(false);
  const [showWavoip, setShowWavoip] = useState(false);
  const kind = connection?.channel ?? channel;
  const schema = useMemo(() => connectionFormSchema(), []);
  const withSchedules = useScheduleType(isOpen) === 'connection';
  const tabsSchema = useMemo(() => connectionTabsSchema(withSchedules), [withSchedules]);
  const [tab, setTab] = useState<string>('general');
  const form = useFormik<ConnectionDialogValues>({
    initialValues: { ...connectionFormValues(connection), ...connectionTabsValues(connection) },
    enableReinitialize: true,
    validate: (values) => ({ ...zodFormikValidate<ConnectionDialogValues>(tabsSchema)(values), ...zodFormikValidate<ConnectionDialogValues>(schema)(values) }),
    onSubmit: async (values, helpers) => {
      try {
        const saved = await onSubmit({ input: { ...connectionPayload(values), ...connectionTabsPayload(values, withSchedules) }, resetSession: mustResetSession(connection, values), media });
        toastSuccess(t('dialog.saved'));
        onSaved(saved);
      } catch (err) {
        const fieldErrors = serverValidationErrors<ConnectionDialogValues>(err);
        if (fieldErrors && Object.keys(fieldErrors).length) helpers.setErrors(fieldErrors);
        else toastError(err);
      }
    },
  });
  // A refused save shows the first tab with an error (the general tab's fields first).
  const errorTab = (() => {
    const fields = Object.keys(form.errors);
    if (fields.some((f) => !TAB_OF_FIELD[f])) return 'general';
    return fields.map((f) => TAB_OF_FIELD[f])[0];
  })();
  const handledSubmit = useRef(0);
  useEffect(() => {
    // Once per submit attempt, when its validation is done; not while typing.
    if (form.submitCount === handledSubmit.current || form.isValidating) return;
    handledSubmit.current = form.submitCount;
    if (errorTab) setTab(errorTab);
  }, [form.submitCount, form.isValidating, errorTab]);
  const shown = (field: keyof ConnectionFormValues) => (form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined);
  const intent = (error: string | undefined) => (error ? Intent.DANGER : Intent.NONE);

  const textField = (field: 'name', label: string, extra: { autoFocus?: boolean; required?: boolean } = {}) => {
    const error = shown(field);
    return (
      <FormGroup label={label} labelFor={`cn-${field}`} labelInfo={extra.required ? '*' : undefined} intent={intent(error)} helperText={error}>
        <InputGroup
          id={`cn-${field}`}
          name={field}
          autoFocus={extra.autoFocus}
          value={form.values[field]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={intent(error)}
          aria-invalid={!!error || undefined}
        />
      </FormGroup>
    );
  };
  const area = (field: 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage', label: string) => {
    const error = shown(field);
    return (
      <FormGroup label={label} labelFor={`cn-${field}`} intent={intent(error)} helperText={error}>
        <TextArea id={`cn-${field}`} name={field} fill rows={3} value={form.values[field]} onChange={form.handleChange} onBlur={form.handleBlur} intent={intent(error)} />
      </FormGroup>
    );
  };
  const toggle = (field: 'isDefault' | 'allowGroup' | 'groupAsTicket' | 'importEnabled' | 'importOldMessagesGroups' | 'closedTicketsPostImported', label: string) => (
    <Switch
      name={field}
      checked={form.values[field]}
      label={label}
      onChange={(e) => void form.setFieldValue(field, e.currentTarget.checked)}
      data-testid={`cn-${field}`}
    />
  );
  const date = (field: 'importOldMessages' | 'importRecentMessages', label: string) => {
    const error = shown(field);
    return (
      <FormGroup label={label} labelFor={`cn-${field}`} intent={intent(error)} helperText={error}>
        <InputGroup
          id={`cn-${field}`}
          name={field}
          type="datetime-local"
          value={form.values[field]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={intent(error)}
          aria-invalid={!!error || undefined}
        />
      </FormGroup>
    );
  };

  const removeMedia = async () => {
    if (!connection) return;
    setRemoving(true);
    try {
      await onRemoveMedia(connection);
      toastSuccess(t('dialog.mediaRemoved'));
    } catch (err) {
      toastError(err);
    } finally {
      setRemoving(false);
    }
  };

  const general = (
    <div className="cn-form">
      <div className="cn-form__row">
        {textField('name', t('dialog.name'), { autoFocus: true, required: true })}
        <div className="cn-form__switch">{toggle('isDefault', t('dialog.isDefault'))}</div>
      </div>
      <FormGroup label={t('dialog.queues')} labelFor="cn-queues">
        <RecordMultiSelect
          inputId="cn-queues"
          placeholder={t('dialog.queuesPlaceholder')}
          ariaLabel={t('dialog.queuesPlaceholder')}
          items={queues.data ?? []}
          selectedIds={form.values.queueIds}
          loading={queues.isLoading}
          noResults={t('dialog.noQueues')}
          onChange={(ids) => void form.setFieldValue('queueIds', ids)}
        />
      </FormGroup>
      {area('greetingMessage', t('dialog.greetingMessage'))}
      <FormGroup label={t('dialog.media')}>
        <div className="cx-file-row">
          <FileInput
            text={media ? media.name : connection?.greetingMediaAttachment ? fileName(connection.greetingMediaAttachment) : t('dialog.mediaNone')}
            buttonText={t('dialog.mediaChoose')}
            inputProps={{ 'aria-label': t('dialog.media'), ...({ 'data-testid': 'cn-media' } as object) }}
            onInputChange={(e) => setMedia(e.currentTarget.files?.[0] ?? null)}
          />
          {(media || connection?.greetingMediaAttachment) && (
            <Button
              icon="trash"
              variant="minimal"
              intent={Intent.DANGER}
              aria-label={t('dialog.mediaRemove')}
              title={t('dialog.mediaRemove')}
              loading={removing}
              onClick={() => (media ? setMedia(null) : void removeMedia())}
            />
          )}
        </div>
      </FormGroup>
      {kind === 'whatsappapi' && <CloudApiPanel connection={connection} />}
      {kind === 'webchat' && <WebchatSitePanel connection={connection} />}
      {kind === 'telegram' && <TelegramPanel connection={connection} />}
      <ApiTokenPanel connection={connection} />
      {area('complationMessage', t('dialog.complationMessage'))}
      {area('outOfHoursMessage', t('dialog.outOfHoursMessage'))}
      {kind === 'whatsapp' && (
        <FormGroup label={t('dialog.wavoip')} labelFor="cn-wavoip" intent={intent(shown('wavoip'))} helperText={shown('wavoip') ?? t('dialog.wavoipHint')}>
          <InputGroup
            id="cn-wavoip"
            name="wavoip"
            type={showWavoip ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={form.values.wavoip}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            intent={intent(shown('wavoip'))}
            aria-invalid={!!shown('wavoip') || undefined}
            rightElement={
              <Button
                variant="minimal"
                icon={showWavoip ? 'eye-off' : 'eye-open'}
                aria-label={t(showWavoip ? 'dialog.wavoipHide' : 'dialog.wavoipShow')}
                title={t(showWavoip ? 'dialog.wavoipHide' : 'dialog.wavoipShow')}
                aria-pressed={showWavoip}
                onClick={() => setShowWavoip((v) => !v)}
                data-testid="cn-wavoip-toggle"
              />
            }
          />
        </FormGroup>
      )}
      {kind === 'whatsapp' && (
        <div className="cn-form__switches">
          {toggle('allowGroup', t('dialog.allowGroup'))}
          {form.values.allowGroup && toggle('groupAsTicket', t('dialog.groupAsTicket'))}
        </div>
      )}
      {importsHistory(kind) && (
        <fieldset className="cn-form__import">
          <legend>{t('dialog.importTitle')}</legend>
          {toggle('importEnabled', t('dialog.importEnabled'))}
          {form.values.importEnabled && (
            <>
              <div className="cn-form__row">
                {date('importOldMessages', t('dialog.importOldMessages'))}
                {date('importRecentMessages', t('dialog.importRecentMessages'))}
              </div>
              <p className="bp6-text-muted bp6-text-small">{t('dialog.importHint')}</p>
              {toggle('importOldMessagesGroups', t('dialog.importOldMessagesGroups'))}
              {toggle('closedTicketsPostImported', t('dialog.closedTicketsPostImported'))}
              {mustResetSession(connection, form.values) && (
                <Callout intent={Intent.WARNING} compact>
                  {t('dialog.importReconnect')}
                </Callout>
              )}
            </>
          )}
        </fieldset>
      )}
    </div>
  );

  const title = connection ? t('dialog.editTitle') : t('dialog.newTitleChannel', { channel: t(`channels.${kind}`) });
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpening={() => {
        form.resetForm();
        setTab('general');
        setMedia(null);
        setShowWavoip(false);
      }}
      title={title}
      icon="link"
      style={{ width: 720, maxWidth: '95vw' }}
    >
      <form onSubmit={form.handleSubmit} noValidate data-testid="connection-dialog">
        <DialogBody>
          <Tabs id="cn-tabs" selectedTabId={tab === 'schedules' && !withSchedules ? 'general' : tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
            <Tab id="general" title={t('dialog.general')} panel={general} />
            <Tab id="integrations" title={t('tabs.integrations')} panel={<IntegrationsTab form={form} />} />
            <Tab id="messages" title={t('tabs.messages')} panel={<MessagesTab form={form} />} />
            <Tab id="chatbot" title={t('tabs.chatbot')} panel={<ChatbotTab form={form} />} />
            <Tab id="assessments" title={t('tabs.assessments')} panel={<AssessmentsTab form={form} />} />
            {withSchedules && <Tab id="schedules" title={t('tabs.schedules')} panel={<SchedulesTab form={form} />} />}
          </Tabs>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('actions.cancel')} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={form.isSubmitting} data-testid="connection-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
