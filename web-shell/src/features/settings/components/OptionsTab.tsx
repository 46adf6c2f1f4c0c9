import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { toastError, toastSuccess, useTranslation } from '@guiche/web-sdk';
import { useSettingMutation } from '../hooks/useSettings.js';
import { BirthdayTemplates } from './BirthdayTemplates.js';
import { NS } from '../i18n/register.js';
import { KEYED_CHOICES, validLgpdLink, validSendTime, visibleOptions, type SettingOption } from '../lib/setting-options.js';

interface Props {
  values: Record<string, string>;
  isSuper: boolean;
}

/** Every routing / ticket / LGPD key (account-admin.md §3): a choice saves on change, a text on leaving the box or Enter. */
export function OptionsTab({ values, isSuper }: Props) {
  const { t } = useTranslation(NS);
  const options = visibleOptions(values, isSuper);
  const general = options.filter((o) => o.group === 'general');
  const lgpd = options.filter((o) => o.group === 'lgpd');
  return (
    <div className="st-options" data-testid="settings-options">
      {general.map((option) => (
        <OptionField key={option.key} option={option} value={values[option.key] ?? ''} />
      ))}
      {values.birthdayMessages === 'enabled' && <BirthdayTemplates />}
      <fieldset className="st-lgpd">
        <legend>{t('groups.lgpd')}</legend>
        <div className="st-options">
          {lgpd.map((option) => (
            <OptionField key={option.key} option={option} value={values[option.key] ?? ''} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function OptionField({ option, value }: { option: SettingOption; value: string }) {
  const { t } = useTranslation(NS);
  const save = useSettingMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const id = `setting-${option.key}`;
  const commit = async (next: string) => {
    if (next === value) return;
    if (option.key === 'lgpdLink' && !validLgpdLink(next)) {
      setError(t('validation.link'));
      return;
    }
    if (option.key === 'birthdayTime' && !validSendTime(next)) {
      setError(t('validation.time'));
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ key: option.key, value: next });
      setDraft(null);
      toastSuccess(t('saved'));
    } catch (err) {
      toastError(err);
    }
  };

  if (option.kind === 'text') {
    const text = draft ?? value;
    return (
      <FormGroup label={t(`keys.${option.key}`)} labelFor={id} helperText={error ?? t(`hints.${option.key}`)} intent={error ? 'danger' : 'none'} className="st-wide">
        <InputGroup
          id={id}
          data-testid={id}
          value={text}
          disabled={save.isPending}
          intent={error ? 'danger' : 'none'}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={() => void commit(text)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit(text);
            }
          }}
        />
      </FormGroup>
    );
  }
  return (
    <FormGroup label={t(`keys.${option.key}`)} labelFor={id}>
      <HTMLSelect id={id} data-testid={id} fill value={value} disabled={save.isPending} onChange={(e) => void commit(e.currentTarget.value)}>
        {(option.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {t(`values.${KEYED_CHOICES.includes(option.key) ? `${option.key}_${choice}` : choice}`)}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
