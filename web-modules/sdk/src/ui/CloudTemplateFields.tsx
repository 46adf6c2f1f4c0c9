import type { ReactNode } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, Menu, MenuItem, Popover, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { templateSlots, type TemplateExtras } from '@guiche/contracts';
import { cloudTemplateKey, useCloudTemplates, type CloudTemplate } from '../data/useCloudTemplates.js';
import { CloudTemplateExtrasFields, CloudTemplateExtrasUnsupported, hasTemplateExtras } from './CloudTemplateExtrasFields.js';
import './cloud-template.css';

export interface CloudTemplateFieldsProps {
  /** The Cloud API connection whose approved templates are offered. */
  connectionId: number;
  /** The chosen template as `cloudTemplateKey` gives it ('' for none). */
  templateKey: string;
  values: string[];
  onChange(templateKey: string, values: string[]): void;
  /** Names the select (`#{idPrefix}`), its box (test id) and each variable (`{idPrefix}-var-{i}`), the preview (`{idPrefix}-preview`). */
  idPrefix: string;
  /** Why a template is wanted here (each caller's own wording of the 24-hour rule). */
  explain: ReactNode;
  /** The select's empty choice. */
  noneLabel: string;
  /** The placeholders a variable may take, offered in a menu beside each field (none: no menu). */
  placeholders?: readonly string[];
  /** Shown once a template is chosen, above its variables. */
  hint?: ReactNode;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  /**
   * The header's text variable, file address and URL buttons' suffixes (issue #29), for a caller
   * whose send carries them; without onExtrasChange a template that has them shows a warning.
   */
  extras?: TemplateExtras;
  onExtrasChange?(extras: TemplateExtras): void;
}

/** The template's body with the values typed so far in place (placeholders still unfilled stay visible). */
export function cloudTemplatePreview(template: Pick<CloudTemplate, 'body' | 'variableNames'>, values: readonly string[]): string {
  return template.body.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => {
    const i = template.variableNames.indexOf(name);
    return i >= 0 && values[i]?.trim() ? values[i]! : whole;
  });
}

/**
 * A WhatsApp Cloud API connection delivers free text only within 24 hours of the contact's last
 * message; outside it a message goes as one of the connection's approved templates, a value per
 * variable. The picker, one field per variable and a preview, as campaigns, schedules and on-call use it.
 */
export function CloudTemplateFields(props: CloudTemplateFieldsProps) {
  const { connectionId, templateKey, values, onChange, idPrefix, explain, noneLabel, placeholders = [], hint, required, error, disabled, extras = {}, onExtrasChange } = props;
  const { t } = useTranslation();
  const templates = useCloudTemplates(connectionId);
  const list = templates.data ?? [];
  const chosen = list.find((tpl) => cloudTemplateKey(tpl) === templateKey);
  const slots = chosen ? templateSlots(chosen.components ?? []) : null;
  const setValue = (i: number, text: string) => onChange(templateKey, Array.from({ length: chosen?.variables ?? 0 }, (_, j) => (j === i ? text : (values[j] ?? ''))));

  return (
    <div className="cx-template" data-testid={idPrefix}>
      <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
        {explain}
      </Callout>
      <FormGroup label={t('cloudTemplate.label')} labelFor={idPrefix} labelInfo={required ? '*' : undefined} helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        {templates.isLoading ? (
          <Spinner size={20} aria-label={t('cloudTemplate.loading')} />
        ) : templates.isError ? (
          <Callout intent={Intent.WARNING} compact>
            {t('cloudTemplate.error')}
          </Callout>
        ) : (
          <HTMLSelect
            id={idPrefix}
            fill
            disabled={disabled}
            value={templateKey}
            onChange={(e) => {
              const next = list.find((tpl) => cloudTemplateKey(tpl) === e.currentTarget.value);
              onChange(e.currentTarget.value, next ? Array.from({ length: next.variables }, () => '') : []);
            }}
          >
            <option value="">{noneLabel}</option>
            {list.map((tpl) => (
              <option key={cloudTemplateKey(tpl)} value={cloudTemplateKey(tpl)}>
                {`${tpl.name} (${tpl.language})`}
              </option>
            ))}
          </HTMLSelect>
        )}
        {!templates.isLoading && !templates.isError && !list.length && <div className="cx-template-hint">{t('cloudTemplate.empty')}</div>}
      </FormGroup>
      {chosen && hint && <div className="cx-template-hint">{hint}</div>}
      {chosen?.variableNames.map((name, i) => (
        <FormGroup key={name} label={t('cloudTemplate.variable', { name: `{{${name}}}` })} labelFor={`${idPrefix}-var-${i}`}>
          <InputGroup
            id={`${idPrefix}-var-${i}`}
            data-testid={`${idPrefix}-var-${i}`}
            disabled={disabled}
            value={values[i] ?? ''}
            onChange={(e) => setValue(i, e.currentTarget.value)}
            rightElement={
              placeholders.length ? (
                <Popover
                  disabled={disabled}
                  content={
                    <Menu>
                      {placeholders.map((p) => (
                        <MenuItem key={p} text={p} onClick={() => setValue(i, `${values[i] ?? ''}${p}`)} />
                      ))}
                    </Menu>
                  }
                >
                  <Button variant="minimal" icon="variable" aria-label={t('cloudTemplate.placeholders')} title={t('cloudTemplate.placeholders')} disabled={disabled} />
                </Popover>
              ) : undefined
            }
          />
        </FormGroup>
      ))}
      {slots && hasTemplateExtras(slots) &&
        (onExtrasChange ? (
          <CloudTemplateExtrasFields slots={slots} extras={extras} onChange={onExtrasChange} idPrefix={idPrefix} disabled={disabled} />
        ) : (
          <CloudTemplateExtrasUnsupported />
        ))}
      {chosen && (
        <FormGroup label={t('cloudTemplate.preview')}>
          <div className="cx-template-preview" data-testid={`${idPrefix}-preview`}>
            {chosen.header && <strong>{cloudTemplatePreview({ body: chosen.header, variableNames: slots?.headerVariableNames ?? [] }, extras.headerVariables ?? [])}</strong>}
            <div>{cloudTemplatePreview(chosen, values)}</div>
            {chosen.footer && <small>{chosen.footer}</small>}
          </div>
        </FormGroup>
      )}
    </div>
  );
}
