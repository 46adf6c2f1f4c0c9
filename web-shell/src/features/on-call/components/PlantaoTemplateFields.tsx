import { Callout, FormGroup, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { PLANTAO_TEMPLATE_FIELDS } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { useCloudTemplates, type CloudTemplate } from '../hooks/usePlantoes.js';
import { NS } from '../i18n/register.js';

export const templateKeyOf = (tpl: { name: string; language: string }) => `${tpl.name}|${tpl.language}`;

interface Props {
  connectionId: number;
  templateKey: string;
  values: string[];
  error?: string;
  onChange(templateKey: string, values: string[]): void;
}

/** The template's body with the variables typed so far in place (alert fields still as `{ticket}`). */
function preview(template: CloudTemplate, values: string[]): string {
  return template.body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    const i = template.variableNames.indexOf(name);
    return i >= 0 && values[i]?.trim() ? values[i]! : whole;
  });
}

/**
 * The alert connection is a WhatsApp Cloud API one: Meta takes free text only within 24 hours of the
 * duty phone's last message, so a closed window is paged with one of its approved templates; each
 * variable may hold the alert's fields (`{ticket}`, `{contact}`…), filled when the page goes out.
 */
export function PlantaoTemplateFields({ connectionId, templateKey, values, error, onChange }: Props) {
  const { t } = useTranslation(NS);
  const templates = useCloudTemplates(connectionId);
  const list = templates.data ?? [];
  const chosen = list.find((tpl) => templateKeyOf(tpl) === templateKey);
  const setValue = (i: number, text: string) => onChange(templateKey, Array.from({ length: chosen?.variables ?? 0 }, (_, j) => (j === i ? text : (values[j] ?? ''))));

  return (
    <div className="plantao-template" data-testid="plantao-template">
      <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
        {t('template.explain')}
      </Callout>
      <FormGroup label={t('template.label')} labelFor="plantao-template" labelInfo="*" helperText={error} intent={error ? 'danger' : 'none'}>
        {templates.isLoading ? (
          <Spinner size={20} aria-label={t('template.loading')} />
        ) : templates.isError ? (
          <Callout intent={Intent.WARNING} compact>
            {t('template.error')}
          </Callout>
        ) : (
          <HTMLSelect
            id="plantao-template"
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
        {!templates.isLoading && !templates.isError && !list.length && <div className="plantao-hint">{t('template.empty')}</div>}
      </FormGroup>
      {chosen && <div className="plantao-hint">{t('template.fields', { fields: PLANTAO_TEMPLATE_FIELDS.map((f) => `{${f}}`).join(' ') })}</div>}
      {chosen?.variableNames.map((name, i) => (
        <FormGroup key={name} label={t('template.variable', { name: `{{${name}}}` })} labelFor={`plantao-template-var-${i}`}>
          <InputGroup id={`plantao-template-var-${i}`} data-testid={`plantao-template-var-${i}`} value={values[i] ?? ''} onChange={(e) => setValue(i, e.currentTarget.value)} />
        </FormGroup>
      ))}
      {chosen && (
        <FormGroup label={t('template.preview')}>
          <div className="plantao-template-preview" data-testid="plantao-template-preview">
            {chosen.header && <strong>{chosen.header}</strong>}
            <div>{preview(chosen, values)}</div>
            {chosen.footer && <small>{chosen.footer}</small>}
          </div>
        </FormGroup>
      )}
    </div>
  );
}
