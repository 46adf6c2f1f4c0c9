import { Callout, DialogBody, FormGroup, HTMLSelect, Intent, Spinner, Switch, Tab, Tabs } from '@blueprintjs/core';
import { getIn } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useFormik } from 'formik';
import type { Queue } from '@guiche/contracts';
import { Dialog, errorCodeOf, errorText, fieldError, fieldIntent, FormDialogFooter, RecordsField, showSubmitError, SwitchField, TAG_PALETTE, TextAreaField, TextField, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { useFileListOptions } from '../../files/hooks/useFileLists.js';
import { WeeklyHoursEditor } from '../../settings/components/WeeklyHoursEditor.js';
import { useScheduleType } from '../../settings/hooks/useSettings.js';
import { weekSchema } from '../../settings/lib/weekly-hours.js';
import { useIntegrationOptions, usePromptOptions, useQueueDetail } from '../hooks/useChatbot.js';
import { ChatbotTree } from './ChatbotTree.js';
import { ColorField } from '../../tags/components/ColorField.js';
import '../../users/components/users.css';
import { useQueueMutations, useQueues, useUserOptions } from '../hooks/useQueues.js';
import { NS } from '../i18n/register.js';
import { freeColor, queueFormSchema, queueFormValues, queueLinksPayload, queuePayload, ROTATION_CHOICES, type QueueFormValues } from '../lib/queue-form.js';

interface Props {
  isOpen: boolean;
  queue?: Queue;
  /** The company's queues, to suggest a colour nobody uses yet. */
  queues: Queue[];
  onClose(): void;
}

/** Server refusals that belong to one field: shown there and as a toast (outreach-config.md §5). */
const FIELD_OF_ERROR: Record<string, keyof QueueFormValues> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
};

const hoursSchema = z.object({ schedules: weekSchema });

/**
 * New / edit queue (outreach-config.md §2 Queues). Tab 1 "queue data": name, colour, order, users,
 * rotation, close-ticket flag, integration, prompt, file list, greeting and out-of-hours messages,
 * and the chatbot options tree (each option saved on its own). Tab 2, only when the setting
 * scheduleType is 'queue': the weekly service hours.
 */
export function QueueDialog({ isOpen, queue, queues, onClose }: Props) {
  const { t } = useTranslation(NS);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={queue ? t('dialog.editTitle') : t('dialog.newTitle')} icon="flow-branch" style={{ width: 720, maxWidth: '96vw' }} data-testid="queue-dialog">
      {isOpen && <QueueForm key={queue?.id ?? 'new'} queue={queue} queues={queues} onClose={onClose} />}
    </Dialog>
  );
}

function QueueForm({ queue, queues, onClose }: { queue?: Queue; queues: Queue[]; onClose(): void }) {
  const { t } = useTranslation(NS);
  const users = useUserOptions(true);
  const { save } = useQueueMutations();
  const scheduleType = useScheduleType();
  const withHours = scheduleType === 'queue';
  const [tab, setTab] = useState<string>('data');
  const form = useFormik<QueueFormValues>({
    initialValues: queueFormValues(queue, freeColor(TAG_PALETTE, queues)),
    validate: (values) => ({ ...zodFormikValidate<QueueFormValues>(queueFormSchema)(values), ...(withHours ? zodFormikValidate<QueueFormValues>(hoursSchema)(values) : {}) }),
    onSubmit: async (values, helpers) => {
      try {
        await save.mutateAsync({ id: queue?.id ?? null, payload: { ...queuePayload(values), ...queueLinksPayload(values, withHours) } });
        toastSuccess(queue ? t('dialog.saved') : t('dialog.created'));
        onClose();
      } catch (err) {
        const field = FIELD_OF_ERROR[errorCodeOf(err) ?? ''];
        if (field) {
          helpers.setFieldError(field, errorText(err));
          toastError(err);
        } else showSubmitError(err, helpers.setErrors);
      }
    },
  });

  const rotationError = fieldError(form, 'tempoRoteador');
  const integrations = useIntegrationOptions(true);
  const prompts = usePromptOptions(true);
  const files = useFileListOptions(true);
  const allQueues = useQueues();
  const detail = useQueueDetail(queue?.id);
  const lookups = {
    users: users.data ?? [],
    queues: (allQueues.data ?? []).map((q) => ({ id: q.id, name: q.name })),
    integrations: integrations.data ?? [],
    files: (files.data ?? []).map((f) => ({ id: f.id, name: f.name })),
  };
  const hoursError = (day: number, field: string) => (form.submitCount > 0 ? (getIn(form.errors, `schedules.${day}.${field}`) as string | undefined) : undefined);
  // A refused save whose only problems are on the hours tab shows that tab.
  const hoursOnly = !!form.errors.schedules && Object.keys(form.errors).every((k) => k === 'schedules');
  const handledSubmit = useRef(0);
  useEffect(() => {
    if (form.submitCount === handledSubmit.current || form.isValidating) return;
    handledSubmit.current = form.submitCount;
    if (hoursOnly) setTab('hours');
  }, [form.submitCount, form.isValidating, hoursOnly]);
  const usersTexts = { placeholder: t('dialog.usersPlaceholder'), none: t('dialog.usersNone'), loadError: t('dialog.usersError'), loading: t('dialog.loadingOptions'), clear: t('dialog.clear') };

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogBody>
        <Tabs id="queue-tabs" className="qd-tabs" selectedTabId={withHours ? tab : 'data'} onChange={(id) => setTab(String(id))}>
          <Tab
            id="data"
            title={t('dialog.tabData')}
            panel={
              <>
                <div className="us-grid">
                  <TextField form={form} name="name" id="queue-name" label={t('dialog.name')} required autoFocus />
                  <TextField form={form} name="orderQueue" id="queue-orderQueue" label={t('dialog.order')} hint={t('dialog.orderHint')} inputMode="numeric" />
                  <ColorField form={form} id="queue-color" label={t('dialog.color')} required groupClassName="us-wide" />
                  <RecordsField groupClassName="us-wide" form={form} name="userIds" id="queue-users" label={t('dialog.users')} choices={users} texts={usersTexts} />
                  <div>
                    <Switch
                      name="ativarRoteador"
                      checked={form.values.ativarRoteador}
                      label={t('dialog.rotation')}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        void form.setFieldValue('ativarRoteador', on);
                        if (on && form.values.tempoRoteador === 0) void form.setFieldValue('tempoRoteador', ROTATION_CHOICES[0]);
                      }}
                      data-testid="queue-rotation"
                    />
                    <SwitchField form={form} name="closeTicket" label={t('dialog.closeTicket')} testId="queue-closeTicket" />
                  </div>
                  <FormGroup label={t('dialog.rotationInterval')} labelFor="queue-tempoRoteador" intent={fieldIntent(rotationError)} helperText={rotationError}>
                    <HTMLSelect
                      id="queue-tempoRoteador"
                      fill
                      disabled={!form.values.ativarRoteador}
                      value={form.values.tempoRoteador}
                      onChange={(e) => void form.setFieldValue('tempoRoteador', Number(e.currentTarget.value))}
                    >
                      {!form.values.ativarRoteador && <option value={0}>{t('dialog.rotationOff')}</option>}
                      {ROTATION_CHOICES.map((minutes) => (
                        <option key={minutes} value={minutes}>
                          {t('dialog.minutes', { count: minutes })}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                  <TextAreaField groupClassName="us-wide" form={form} name="greetingMessage" id="queue-greetingMessage" label={t('dialog.greeting')} hint={t('dialog.greetingHint')} rows={4} />
                  <TextAreaField groupClassName="us-wide" form={form} name="outOfHoursMessage" id="queue-outOfHoursMessage" label={t('dialog.outOfHours')} hint={t('dialog.outOfHoursHint')} rows={4} />
                  <LinkSelect form={form} name="integrationId" id="queue-integrationId" label={t('dialog.integration')} choices={integrations.data} loading={integrations.isPending} none={t('dialog.noneIntegration')} />
                  <LinkSelect form={form} name="promptId" id="queue-promptId" label={t('dialog.prompt')} choices={prompts.data} loading={prompts.isPending} none={t('dialog.nonePrompt')} />
                  <LinkSelect form={form} name="fileListId" id="queue-fileListId" label={t('dialog.fileList')} choices={files.data} loading={files.isPending} none={t('dialog.noneFileList')} />
                </div>
                <h4 className="bp6-heading qd-section">{t('chatbot.title')}</h4>
                {!queue ? (
                  <Callout compact intent={Intent.PRIMARY}>{t('chatbot.saveFirst')}</Callout>
                ) : detail.isPending ? (
                  <Spinner size={24} aria-label={t('dialog.loadingOptions')} />
                ) : detail.isError ? (
                  <Callout compact intent={Intent.DANGER}>{errorText(detail.error)}</Callout>
                ) : (
                  <ChatbotTree queueId={queue.id} options={detail.data.chatbots ?? []} lookups={lookups} />
                )}
              </>
            }
          />
          {withHours && (
            <Tab
              id="hours"
              title={t('dialog.tabHours')}
              data-testid="queue-tab-hours"
              panel={
                <>
                  <p className="bp6-text-muted">{t('dialog.hoursHint')}</p>
                  <WeeklyHoursEditor days={form.values.schedules} onChange={(days) => void form.setFieldValue('schedules', days)} errorAt={hoursError} idPrefix="queue-hours" />
                </>
              }
            />
          )}
        </Tabs>
      </DialogBody>
      <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="queue-save" />
    </form>
  );
}

/** A select of records by id ('' = none): integration, prompt or file list of the queue. */
function LinkSelect({ form, name, id, label, choices, loading, none }: { form: { values: QueueFormValues; setFieldValue(field: string, value: unknown): unknown }; name: 'integrationId' | 'promptId' | 'fileListId'; id: string; label: string; choices?: { id: number; name: string }[]; loading: boolean; none: string }) {
  const value = form.values[name];
  const list = choices ?? [];
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill disabled={loading} value={value} onChange={(e) => void form.setFieldValue(name, e.currentTarget.value)}>
        <option value="">{none}</option>
        {value && !list.some((r) => String(r.id) === value) && <option value={value}>#{value}</option>}
        {list.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
