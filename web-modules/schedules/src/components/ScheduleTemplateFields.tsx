import { Callout, FormGroup, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import type { CloudTemplate } from '../api/schedules-api';
import { useCloudTemplates } from '../hooks/useSchedules';
import { NS } from '../i18n/register';
import { templateKeyOf } from '../lib/schedule-form';

interface Props {
  connectionId: number;
  templateKey: string;
  values: string[];
  onChange(templateKey: string, values: string[]): void;
}

/** The template's body with the values typed so far in place (placeholders still unfilled stay visible). */
function preview(template: CloudTemplate, values: string[]): string {
  return template.body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    const i = template.variableNames.indexOf(name);
    return i >= 0 && values[i]?.trim() ? values[i]! : whole;
  });
}

/**
 * A WhatsApp Cloud API connection delivers free text only within 24 hours of the contact's last
 * message: the schedule may send one of its approved templates instead, a value per variable.
 */
export function ScheduleTemplateFields({ connectionId, templateKey, values, onChange }: Props) {
  const { t } = useTranslation(NS);
  const templates = useCloudTemplates(connectionId);
  const list = templates.data ?? [];
  const chosen = list.find((tpl) => templateKeyOf(tpl) === templateKey);
  const setValue = (i: number, text: string) => onChange(templateKey, Array.from({ length: chosen?.variables ?? 0 }, (_, j) => (j === i ? text : (values[j] ?? ''))));

  return (
    <div className="sc-template" data-testid="schedule-template">
      <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
        {t('template.explain')}
      </Callout>
      <FormGroup label={t('template.label')} labelFor="schedule-template">
        {templates.isLoading ? (
          <Spinner size={20} aria-label={t('template.loading')} />
        ) : templates.isError ? (
          <Callout intent={Intent.WARNING} compact>
            {t('template.error')}
          </Callout>
        ) : (
          <HTMLSelect
            id="schedule-template"
            fill
            value={templateKey}
            onChange={(e) => {
              const next = list.find((tpl) => templateKeyOf(tpl) === e.currentTarget.value);
              onChange(e.currentTarget.value, next ? Array.from({ length: next.variables }, () => '') : []);
            }}
          >
            <option value="">{t('template.none')}</option>
            {list.map((tpl) => (
              <option key={templateKeyOf(tpl)} value={templateKeyOf(tpl)}>
                {`${tpl.name} (${tpl.language})`}
              </option>
            ))}
          </HTMLSelect>
        )}
        {!templates.isLoading && !templates.isError && !list.length && <div className="sc-hint">{t('template.empty')}</div>}
      </FormGroup>
      {chosen?.variableNames.map((name, i) => (
        <FormGroup key={name} label={t('template.variable', { name: `{{${name}}}` })} labelFor={`schedule-template-var-${i}`}>
          <InputGroup id={`schedule-template-var-${i}`} data-testid={`schedule-template-var-${i}`} value={values[i] ?? ''} onChange={(e) => setValue(i, e.currentTarget.value)} />
        </FormGroup>
      ))}
      {chosen && (
        <FormGroup label={t('template.preview')}>
          <div className="sc-template-preview" data-testid="schedule-template-preview">
            {chosen.header && <strong>{chosen.header}</strong>}
            <div>{preview(chosen, values)}</div>
            {chosen.footer && <small>{chosen.footer}</small>}
          </div>
        </FormGroup>
      )}
    </div>
  );
}
