import { Callout, Checkbox, DialogBody, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { getIn, useFormik } from 'formik';
import { CLOUD_CHANNEL, PLANTAO_DEFAULT_INTERVAL, PLANTAO_TEMPLATE_FIELDS, Weekdays, plantaoInputSchema, type Plantao, type PlantaoInput } from '@guiche/contracts';
import {
  chooseCloudTemplate,
  CloudTemplateFields,
  cloudTemplateFormValues,
  cloudTemplateInput,
  Dialog,
  FormDialogFooter,
  showSubmitError,
  toastSuccess,
  useTranslation,
  zodFormikValidate,
  type CloudTemplateFormValues,
} from '@guiche/web-sdk';
import { useAlertConnection, useUserOptions } from '../hooks/usePlantoes.js';
import { NS } from '../i18n/register.js';
import { maskTime } from '../lib/time-mask.js';

/** The alert's fields a template variable may hold, filled when the page goes out. */
const templateFields = PLANTAO_TEMPLATE_FIELDS.map((f) => `{${f}}`);

interface Values extends CloudTemplateFormValues {
  userId: string;
  phone: string;
  interval: string;
  days: { weekday: string; weekdayEn: (typeof Weekdays)[number]['weekdayEn']; startTime: string; endTime: string }[];
  /** Page this person on SLA breaches too (issue #33). */
  pageSlaBreaches: boolean;
}

function valuesOf(plantao?: Plantao): Values {
  return {
    userId: plantao ? String(plantao.userId) : '',
    phone: plantao?.phone ?? '',
    interval: String(plantao?.interval ?? PLANTAO_DEFAULT_INTERVAL),
    days: Weekdays.map(({ weekday, weekdayEn }) => {
      const day = plantao?.days.find((d) => d.weekdayEn === weekdayEn);
      return { weekday, weekdayEn, startTime: day?.startTime ?? '', endTime: day?.endTime ?? '' };
    }),
    ...cloudTemplateFormValues(plantao?.template),
    pageSlaBreaches: plantao?.pageSlaBreaches ?? false,
  };
}

/** The input the API takes; a template only when the alert connection is a Cloud API one. */
function toInput(values: Values, cloud: boolean): PlantaoInput {
  const template = cloud ? cloudTemplateInput(values) : null;
  return plantaoInputSchema.parse({ ...values, template });
}

interface Props {
  isOpen: boolean;
  plantao?: Plantao;
  onSubmit(input: PlantaoInput): Promise<Plantao>;
  onClose(): void;
}

/** New / edit on-call person: user, phone, interval, seven weekday rows with HH:MM start and end (outreach-config.md §2, §5). */
export function PlantaoDialog({ isOpen, plantao, onSubmit, onClose }: Props) {
  const { t } = useTranslation(NS);
  const users = useUserOptions(isOpen);
  const alertConnection = useAlertConnection(isOpen);
  const cloud = alertConnection.data?.channel === CLOUD_CHANNEL ? alertConnection.data : null;
  const form = useFormik<Values>({
    initialValues: valuesOf(plantao),
    enableReinitialize: true,
    validate: (values) => {
      const errors = zodFormikValidate<Values>(plantaoInputSchema)(values);
      // Meta refuses free text to a closed window: a Cloud API alert connection needs a template.
      return cloud && !values.templateKey ? { ...errors, templateKey: t('template.required') } : errors;
    },
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(toInput(values, cloud !== null));
        toastSuccess(t('dialog.saved'));
        onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const shown = (path: string): string | undefined => {
    const error = getIn(form.errors, path);
    const touched = getIn(form.touched, path) || form.submitCount > 0;
    return touched && typeof error === 'string' ? error : undefined;
  };
  const intent = (path: string) => (shown(path) ? 'danger' : 'none');

  return (
    <Dialog isOpen={isOpen} onClose={onClose} onOpening={() => form.resetForm()} title={plantao ? t('dialog.editTitle') : t('dialog.newTitle')} icon="time" style={{ width: 560, maxWidth: '95vw' }}>
      <form onSubmit={form.handleSubmit} noValidate data-testid="plantao-form">
        <DialogBody>
          <FormGroup label={t('dialog.user')} labelFor="plantao-user" labelInfo="*" helperText={shown('userId')} intent={intent('userId')}>
            <HTMLSelect id="plantao-user" name="userId" value={form.values.userId} onChange={form.handleChange} onBlur={form.handleBlur} fill>
              <option value="">{t('dialog.chooseUser')}</option>
              {(users.data ?? []).map((u) => (
                <option key={u.id} value={String(u.id)}>
                  {u.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('dialog.phone')} labelFor="plantao-phone" labelInfo="*" helperText={shown('phone')} intent={intent('phone')}>
            <InputGroup id="plantao-phone" name="phone" value={form.values.phone} onChange={form.handleChange} onBlur={form.handleBlur} intent={intent('phone')} inputMode="tel" />
          </FormGroup>
          <FormGroup label={t('dialog.interval')} labelFor="plantao-interval" labelInfo="*" helperText={shown('interval')} intent={intent('interval')}>
            <InputGroup id="plantao-interval" name="interval" value={form.values.interval} onChange={form.handleChange} onBlur={form.handleBlur} intent={intent('interval')} inputMode="numeric" />
          </FormGroup>
          <FormGroup label={t('dialog.days')}>
            {typeof form.errors.days === 'string' && form.submitCount > 0 && (
              <Callout intent="danger" compact data-testid="plantao-days-error">
                {form.errors.days}
              </Callout>
            )}
            <table className="plantao-days">
              <tbody>
                {form.values.days.map((day, index) => (
                  <tr key={day.weekdayEn}>
                    <td>{t(`weekdays.${day.weekdayEn}`)}</td>
                    {(['startTime', 'endTime'] as const).map((field) => {
                      const path = `days.${index}.${field}`;
                      return (
                        <td key={field}>
                          <InputGroup
                            id={`plantao-${day.weekdayEn}-${field}`}
                            placeholder="HH:MM"
                            aria-label={`${t(`weekdays.${day.weekdayEn}`)} ${field === 'startTime' ? t('dialog.start') : t('dialog.end')}`}
                            value={day[field]}
                            onChange={(e) => void form.setFieldValue(path, maskTime(e.target.value))}
                            onBlur={() => void form.setFieldTouched(path, true)}
                            intent={intent(path)}
                            small
                          />
                          {shown(path) && <small className="plantao-error">{shown(path)}</small>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </FormGroup>
          <FormGroup helperText={t('dialog.pageSlaBreachesHelp')}>
            <Checkbox
              id="plantao-page-sla"
              data-testid="plantao-page-sla"
              name="pageSlaBreaches"
              checked={form.values.pageSlaBreaches}
              onChange={(e) => void form.setFieldValue('pageSlaBreaches', e.currentTarget.checked)}
              label={t('dialog.pageSlaBreaches')}
            />
          </FormGroup>
          {cloud && (
            <CloudTemplateFields
              idPrefix="plantao-template"
              connectionId={cloud.id}
              explain={t('template.explain')}
              noneLabel={t('template.none')}
              hint={t('template.fields', { fields: templateFields.join(' ') })}
              placeholders={templateFields}
              required
              templateKey={form.values.templateKey}
              values={form.values.templateVariables}
              error={shown('templateKey')}
              onChange={(key, values) => void form.setValues({ ...form.values, ...chooseCloudTemplate(form.values, key, values) })}
              extras={form.values.templateExtras}
              onExtrasChange={(extras) => void form.setFieldValue('templateExtras', extras)}
            />
          )}
        </DialogBody>
        <FormDialogFooter cancelLabel={t('dialog.cancel')} saveLabel={t('dialog.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="plantao-save" />
      </form>
    </Dialog>
  );
}
