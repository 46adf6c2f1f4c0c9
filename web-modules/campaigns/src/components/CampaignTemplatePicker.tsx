import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Intent, Menu, MenuItem, Popover, Spinner } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import type { CloudTemplate, ConnectionOption } from '../api/campaigns-api';
import { useCloudTemplates } from '../hooks/useCampaigns';
import { NS } from '../i18n/register';
import { templateKeyOf } from '../lib/campaign-form';

interface Props {
  /** The chosen Cloud API connections (the picker lists the first one's templates). */
  cloud: ConnectionOption[];
  templateKey: string;
  values: string[];
  /** The placeholders a variable may take ({nome}, {numero}, {email}, the custom shortcuts). */
  placeholders: string[];
  disabled: boolean;
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
 * On WhatsApp Cloud API connections Meta delivers free text only within 24 hours of the contact's
 * last message: the campaign may send one of the connection's approved templates instead, with a
 * value per variable (which may hold the contact placeholders).
 */
export function CampaignTemplatePicker({ cloud, templateKey, values, placeholders, disabled, onChange }: Props) {
  const { t } = useTranslation(NS);
  const templates = useCloudTemplates(cloud[0]?.id ?? null);
  const list = templates.data ?? [];
  const chosen = list.find((tpl) => templateKeyOf(tpl) === templateKey);
  const setValue = (i: number, text: string) => onChange(templateKey, Array.from({ length: chosen?.variables ?? 0 }, (_, j) => (j === i ? text : (values[j] ?? ''))));

  return (
    <div className="cp-template" data-testid="campaign-template">
      <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
        {t('template.explain', { connections: cloud.map((c) => c.name).join(', ') })}
      </Callout>
      <FormGroup label={t('template.label')} labelFor="campaign-template">
        {templates.isLoading ? (
          <Spinner size={20} aria-label={t('template.loading')} />
        ) : templates.isError ? (
          <Callout intent={Intent.WARNING} compact>
            {t('template.error')}
          </Callout>
        ) : (
          <HTMLSelect
            id="campaign-template"
            fill
            disabled={disabled}
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
        {!templates.isLoading && !templates.isError && !list.length && <div className="cp-hint">{t('template.empty')}</div>}
      </FormGroup>
      {chosen && (
        <>
          {chosen.variableNames.map((name, i) => (
            <FormGroup key={name} label={t('template.variable', { name: `{{${name}}}` })} labelFor={`campaign-template-var-${i}`}>
              <InputGroup
                id={`campaign-template-var-${i}`}
                data-testid={`campaign-template-var-${i}`}
                disabled={disabled}
                value={values[i] ?? ''}
                onChange={(e) => setValue(i, e.currentTarget.value)}
                rightElement={
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
                    <Button variant="minimal" icon="variable" aria-label={t('dialog.variables')} title={t('dialog.variables')} disabled={disabled} />
                  </Popover>
                }
              />
            </FormGroup>
          ))}
          <FormGroup label={t('template.preview')}>
            <div className="cp-template-preview" data-testid="campaign-template-preview">
              {chosen.header && <strong>{chosen.header}</strong>}
              <div>{preview(chosen, values)}</div>
              {chosen.footer && <small>{chosen.footer}</small>}
            </div>
          </FormGroup>
        </>
      )}
    </div>
  );
}
