import { Callout, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { getIn, type FormikProps } from 'formik';
import { useTranslation } from '@guiche/web-sdk';
import { WeeklyHoursEditor } from '../../settings/components/WeeklyHoursEditor.js';
import { useIntegrationOptions, usePromptOptions } from '../../queues/hooks/useChatbot.js';
import { useQueueOptions } from '../hooks/useConnections.js';
import { NS } from '../i18n/register.js';
import type { ConnectionFormValues } from '../lib/connection-form.js';
import { SEND_QUEUE_MINUTES, WHEN_EXPIRES, type ConnectionTabsValues, type NumberField } from '../lib/connection-tabs.js';
import './connection-tabs.css';

/** The dialog's whole form: the general tab's values and these tabs'. */
export type ConnectionDialogValues = ConnectionFormValues & ConnectionTabsValues;
type Form = FormikProps<ConnectionDialogValues>;

function useField(form: Form) {
  const shown = (field: string): string | undefined => (getIn(form.touched, field) || form.submitCount > 0 ? (getIn(form.errors, field) as string | undefined) : undefined);
  const intent = (error: string | undefined) => (error ? Intent.DANGER : Intent.NONE);
  return { shown, intent };
}

type MessageField = 'greetingMessage' | 'complationMessage' | 'outOfHoursMessage' | 'ratingMessage' | 'inactiveMessage' | 'expiresInactiveMessage';

function MessageArea({ form, field, id, label, hint }: { form: Form; field: MessageField; id: string; label: string; hint?: string }) {
  const { shown, intent } = useField(form);
  const error = shown(field);
  return (
    <FormGroup label={label} labelFor={id} intent={intent(error)} helperText={error ?? hint}>
      <TextArea id={id} name={field} fill rows={3} value={form.values[field]} onChange={form.handleChange} onBlur={form.handleBlur} intent={intent(error)} />
    </FormGroup>
  );
}

function NumberInput({ form, field, label, hint }: { form: Form; field: NumberField; label: string; hint?: string }) {
  const { shown, intent } = useField(form);
  const error = shown(field);
  const id = `cn-${field}`;
  return (
    <FormGroup label={label} labelFor={id} intent={intent(error)} helperText={error ?? hint}>
      <InputGroup id={id} name={field} inputMode="numeric" value={form.values[field]} onChange={form.handleChange} onBlur={form.handleBlur} intent={intent(error)} aria-invalid={!!error || undefined} />
    </FormGroup>
  );
}

/** Messages: greeting, conclusion, out of hours, rating, inactivity and the closing-by-inactivity message. */
export function MessagesTab({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  return (
    <div className="cn-tab" data-testid="cn-tab-messages">
      <MessageArea form={form} field="greetingMessage" id="cn-msg-greetingMessage" label={t('dialog.greetingMessage')} />
      <MessageArea form={form} field="complationMessage" id="cn-msg-complationMessage" label={t('dialog.complationMessage')} />
      <MessageArea form={form} field="outOfHoursMessage" id="cn-msg-outOfHoursMessage" label={t('dialog.outOfHoursMessage')} />
      <MessageArea form={form} field="ratingMessage" id="cn-ratingMessage" label={t('tabs.ratingMessage')} hint={t('tabs.ratingMessageHint')} />
      <MessageArea form={form} field="inactiveMessage" id="cn-inactiveMessage" label={t('tabs.inactiveMessage')} hint={t('tabs.inactiveMessageHint')} />
      <MessageArea form={form} field="expiresInactiveMessage" id="cn-expiresInactiveMessage" label={t('tabs.expiresInactiveMessage')} hint={t('tabs.expiresInactiveMessageHint')} />
    </div>
  );
}

/** Chatbot: attempts and their window, expiry, inactivity, new-ticket window and the redirect of queue-less tickets. */
export function ChatbotTab({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const queues = useQueueOptions(true);
  const { shown, intent } = useField(form);
  const sendError = shown('sendIdQueue');
  return (
    <div className="cn-tab cn-tab--grid" data-testid="cn-tab-chatbot">
      <NumberInput form={form} field="maxUseBotQueues" label={t('tabs.maxUseBotQueues')} hint={t('tabs.maxUseBotQueuesHint')} />
      <NumberInput form={form} field="timeUseBotQueues" label={t('tabs.timeUseBotQueues')} hint={t('tabs.minutesOff')} />
      <NumberInput form={form} field="expiresTicket" label={t('tabs.expiresTicket')} hint={t('tabs.minutesOff')} />
      <FormGroup label={t('tabs.whenExpiresTicket')} labelFor="cn-whenExpiresTicket">
        <HTMLSelect id="cn-whenExpiresTicket" name="whenExpiresTicket" fill value={form.values.whenExpiresTicket} onChange={form.handleChange}>
          {WHEN_EXPIRES.map((v) => (
            <option key={v} value={v}>
              {t(`tabs.whenExpires${v}`)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <NumberInput form={form} field="timeInactiveMessage" label={t('tabs.timeInactiveMessage')} hint={t('tabs.minutesOff')} />
      <NumberInput form={form} field="timeCreateNewTicket" label={t('tabs.timeCreateNewTicket')} hint={t('tabs.minutesOff')} />
      <FormGroup label={t('tabs.timeSendQueue')} labelFor="cn-timeSendQueue">
        <HTMLSelect
          id="cn-timeSendQueue"
          name="timeSendQueue"
          fill
          value={form.values.timeSendQueue}
          onChange={(e) => {
            const value = e.currentTarget.value;
            void form.setValues({ ...form.values, timeSendQueue: value, sendIdQueue: value === '0' ? '' : form.values.sendIdQueue });
          }}
        >
          {SEND_QUEUE_MINUTES.map((m) => (
            <option key={m} value={String(m)}>
              {m === 0 ? t('tabs.sendQueueOff') : t('tabs.minutes', { count: m })}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('tabs.sendIdQueue')} labelFor="cn-sendIdQueue" intent={intent(sendError)} helperText={sendError}>
        <HTMLSelect id="cn-sendIdQueue" name="sendIdQueue" fill disabled={form.values.timeSendQueue === '0' || queues.isPending} value={form.values.sendIdQueue} onChange={form.handleChange} onBlur={form.handleBlur}>
          <option value="">{t('tabs.noQueue')}</option>
          {(queues.data ?? []).map((q) => (
            <option key={q.id} value={String(q.id)}>
              {q.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </div>
  );
}

/** Assessments (NPS): attempts and wait for the rating answer, and the rating question. */
export function AssessmentsTab({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  return (
    <div className="cn-tab" data-testid="cn-tab-assessments">
      <Callout compact icon="star">
        {t('tabs.assessmentsHint')}
      </Callout>
      <div className="cn-tab--grid">
        <NumberInput form={form} field="maxUseBotQueuesNPS" label={t('tabs.maxUseBotQueuesNPS')} />
        <NumberInput form={form} field="expiresTicketNPS" label={t('tabs.expiresTicketNPS')} hint={t('tabs.minutesOff')} />
      </div>
      <MessageArea form={form} field="ratingMessage" id="cn-nps-ratingMessage" label={t('tabs.ratingMessage')} hint={t('tabs.ratingMessageHint')} />
    </div>
  );
}

/** Schedules (scheduleType connection): the weekly hours of this connection. */
export function SchedulesTab({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const errorAt = (day: number, field: string) => (form.submitCount > 0 ? (getIn(form.errors, `schedules.${day}.${field}`) as string | undefined) : undefined);
  return (
    <div className="cn-tab" data-testid="cn-tab-schedules">
      <p className="bp6-text-muted">{t('tabs.schedulesHint')}</p>
      <WeeklyHoursEditor days={form.values.schedules} onChange={(days) => void form.setFieldValue('schedules', days)} errorAt={errorAt} idPrefix="cn-hours" />
    </div>
  );
}

/** Integrations: the queue integration and the AI prompt this connection answers with (empty until those modules exist). */
export function IntegrationsTab({ form }: { form: Form }) {
  const { t } = useTranslation(NS);
  const integrations = useIntegrationOptions(true);
  const prompts = usePromptOptions(true);
  const select = (field: 'integrationId' | 'promptId', label: string, none: string, query: typeof integrations) => {
    const value = form.values[field];
    const list = query.data ?? [];
    return (
      <FormGroup label={label} labelFor={`cn-${field}`} helperText={!query.isPending && list.length === 0 ? t('tabs.noneYet') : undefined}>
        <HTMLSelect id={`cn-${field}`} name={field} fill disabled={query.isPending} value={value} onChange={form.handleChange}>
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
  };
  return (
    <div className="cn-tab cn-tab--grid" data-testid="cn-tab-integrations">
      {select('integrationId', t('tabs.integration'), t('tabs.noIntegration'), integrations)}
      {select('promptId', t('tabs.prompt'), t('tabs.noPrompt'), prompts)}
    </div>
  );
}
