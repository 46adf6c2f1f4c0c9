import { Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TemplateExtras, TemplateSlots } from '@guiche/contracts';

/**
 * The parts of a Cloud API template a send fills besides the body (issue #29): the header's text
 * variable, the header's file address (image, document or video) and each URL button's suffix, one
 * field each, as the stored template has them (templateSlots). Ids `{idPrefix}-header-{i}`,
 * `{idPrefix}-header-media`, `{idPrefix}-button-{i}`.
 */
export function CloudTemplateExtrasFields(props: { slots: TemplateSlots; extras: TemplateExtras; onChange(extras: TemplateExtras): void; idPrefix: string; disabled?: boolean }) {
  const { slots, extras, onChange, idPrefix, disabled } = props;
  const { t } = useTranslation();
  const header = extras.headerVariables ?? [];
  const buttons = extras.buttonVariables ?? [];
  const setAt = (list: readonly string[], length: number, i: number, text: string) => Array.from({ length }, (_, j) => (j === i ? text : (list[j] ?? '')));
  return (
    <>
      {slots.headerVariableNames.map((name, i) => (
        <FormGroup key={`h-${name}`} label={t('cloudTemplate.headerVariable', { name: `{{${name}}}` })} labelFor={`${idPrefix}-header-${i}`}>
          <InputGroup
            id={`${idPrefix}-header-${i}`}
            data-testid={`${idPrefix}-header-${i}`}
            disabled={disabled}
            maxLength={60}
            value={header[i] ?? ''}
            onChange={(e) => onChange({ ...extras, headerVariables: setAt(header, slots.headerVariableNames.length, i, e.currentTarget.value) })}
          />
        </FormGroup>
      ))}
      {slots.headerMedia && (
        <FormGroup label={t(`cloudTemplate.headerMedia.${slots.headerMedia}`)} labelFor={`${idPrefix}-header-media`}>
          <InputGroup
            id={`${idPrefix}-header-media`}
            data-testid={`${idPrefix}-header-media`}
            type="url"
            placeholder="https://"
            disabled={disabled}
            value={extras.headerMedia ?? ''}
            onChange={(e) => onChange({ ...extras, headerMedia: e.currentTarget.value })}
          />
        </FormGroup>
      )}
      {slots.urlButtons.map((button, i) => (
        <FormGroup key={`b-${button.index}`} label={t('cloudTemplate.buttonSuffix', { text: button.text })} labelFor={`${idPrefix}-button-${i}`}>
          <InputGroup
            id={`${idPrefix}-button-${i}`}
            data-testid={`${idPrefix}-button-${i}`}
            disabled={disabled}
            value={buttons[i] ?? ''}
            onChange={(e) => onChange({ ...extras, buttonVariables: setAt(buttons, slots.urlButtons.length, i, e.currentTarget.value) })}
          />
        </FormGroup>
      ))}
    </>
  );
}

/** Shown where a screen cannot send a template's header or button values yet: the send would be refused. */
export function CloudTemplateExtrasUnsupported() {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.WARNING} compact data-testid="cloud-template-extras-unsupported">
      {t('cloudTemplate.extrasUnsupported')}
    </Callout>
  );
}

/** Whether a template asks for anything besides its body's variables. */
export const hasTemplateExtras = (slots: TemplateSlots) => slots.headerVariableNames.length > 0 || slots.headerMedia !== null || slots.urlButtons.length > 0;
