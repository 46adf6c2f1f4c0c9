import { Dialog, DialogBody, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { Queue } from '@guiche/contracts';
import { errorCodeOf, errorText, fieldError, fieldIntent, FormDialogFooter, RecordsField, showSubmitError, SwitchField, TAG_PALETTE, TextAreaField, TextField, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { ColorField } from '../../tags/components/ColorField.js';
import '../../users/components/users.css';
import { useQueueMutations, useUserOptions } from '../hooks/useQueues.js';
import { NS } from '../i18n/register.js';
import { freeColor, queueFormSchema, queueFormValues, queuePayload, ROTATION_CHOICES, type QueueFormValues } from '../lib/queue-form.js';

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

/**
 * New / edit queue (outreach-config.md §2 Queues, tab 1 "queue data"): name, colour, order,
 * users, rotation, close-ticket flag, greeting and out-of-hours messages.
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
  const form = useFormik<QueueFormValues>({
    initialValues: queueFormValues(queue, freeColor(TAG_PALETTE, queues)),
    validate: zodFormikValidate<QueueFormValues>(queueFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        await save.mutateAsync({ id: queue?.id ?? null, payload: queuePayload(values) });
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
  const usersTexts = { placeholder: t('dialog.usersPlaceholder'), none: t('dialog.usersNone'), loadError: t('dialog.usersError'), loading: t('dialog.loadingOptions'), clear: t('dialog.clear') };

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogBody>
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
          {/*
            The bot issue adds here the chatbot options tree (outreach-config.md §2, tab 1, after the
            messages) and a second tab with the weekly service hours when the setting scheduleType is
            'queue'. The payload (lib/queue-form.ts) leaves chatbots and schedules untouched meanwhile.
          */}
        </div>
      </DialogBody>
      <FormDialogFooter cancelLabel={t('actions.cancel')} saveLabel={t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="queue-save" />
    </form>
  );
}
