import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import type { Queue } from '@guiche/contracts';
import { errorCodeOf, errorText, serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate, RecordMultiSelect } from '@guiche/web-sdk';
import { TAG_PALETTE } from '../../contacts/shared/colors.js';
import { ColorPicker } from '../../tags/components/ColorPicker.js';
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
        const fieldErrors = serverValidationErrors<QueueFormValues>(err);
        if (field) {
          helpers.setFieldError(field, errorText(err));
          toastError(err);
        } else if (fieldErrors && Object.keys(fieldErrors).length) helpers.setErrors(fieldErrors);
        else toastError(err);
      }
    },
  });

  const shown = (field: keyof QueueFormValues) => (form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined);
  const intentOf = (error: string | undefined) => (error ? Intent.DANGER : Intent.NONE);
  const nameError = shown('name');
  const colorError = shown('color');
  const orderError = shown('orderQueue');
  const rotationError = shown('tempoRoteador');
  const message = (field: 'greetingMessage' | 'outOfHoursMessage', label: string, hint: string) => {
    const error = shown(field);
    return (
      <FormGroup className="us-wide" label={label} labelFor={`queue-${field}`} intent={intentOf(error)} helperText={error ?? hint}>
        <TextArea
          id={`queue-${field}`}
          name={field}
          fill
          rows={4}
          value={form.values[field]}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          intent={intentOf(error)}
          aria-invalid={!!error || undefined}
        />
      </FormGroup>
    );
  };

  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <DialogBody>
        <div className="us-grid">
          <FormGroup label={t('dialog.name')} labelFor="queue-name" labelInfo="*" intent={intentOf(nameError)} helperText={nameError}>
            <InputGroup
              id="queue-name"
              name="name"
              autoFocus
              value={form.values.name}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              intent={intentOf(nameError)}
              aria-invalid={!!nameError || undefined}
            />
          </FormGroup>
          <FormGroup label={t('dialog.order')} labelFor="queue-orderQueue" intent={intentOf(orderError)} helperText={orderError ?? t('dialog.orderHint')}>
            <InputGroup
              id="queue-orderQueue"
              name="orderQueue"
              inputMode="numeric"
              value={form.values.orderQueue}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              intent={intentOf(orderError)}
              aria-invalid={!!orderError || undefined}
            />
          </FormGroup>
          <FormGroup className="us-wide" label={t('dialog.color')} labelFor="queue-color" labelInfo="*" intent={intentOf(colorError)} helperText={colorError}>
            <ColorPicker
              id="queue-color"
              value={form.values.color}
              invalid={!!colorError}
              onChange={(color) => void form.setFieldValue('color', color)}
              onBlur={() => void form.setFieldTouched('color', true)}
            />
          </FormGroup>
          <FormGroup className="us-wide" label={t('dialog.users')} labelFor="queue-users">
            <RecordMultiSelect
              inputId="queue-users"
              items={users.data ?? []}
              selectedIds={form.values.userIds}
              loading={users.isPending}
              placeholder={t('dialog.usersPlaceholder')}
              noResults={users.isError ? t('dialog.usersError') : t('dialog.usersNone')}
              loadingText={t('dialog.loadingOptions')}
              clearLabel={t('dialog.clear')}
              onChange={(ids) => void form.setFieldValue('userIds', ids)}
              testId="queue-users"
            />
          </FormGroup>
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
            <Switch name="closeTicket" checked={form.values.closeTicket} label={t('dialog.closeTicket')} onChange={(e) => void form.setFieldValue('closeTicket', e.currentTarget.checked)} data-testid="queue-closeTicket" />
          </div>
          <FormGroup label={t('dialog.rotationInterval')} labelFor="queue-tempoRoteador" intent={intentOf(rotationError)} helperText={rotationError}>
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
          {message('greetingMessage', t('dialog.greeting'), t('dialog.greetingHint'))}
          {message('outOfHoursMessage', t('dialog.outOfHours'), t('dialog.outOfHoursHint'))}
          {/*
            The bot issue adds here the chatbot options tree (outreach-config.md §2, tab 1, after the
            messages) and a second tab with the weekly service hours when the setting scheduleType is
            'queue'. The payload (lib/queue-form.ts) leaves chatbots and schedules untouched meanwhile.
          */}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={form.isSubmitting} data-testid="queue-save" />
          </>
        }
      />
    </form>
  );
}
