import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { REQUIRE_CLOSE_REASON_SETTING } from '@guiche/contracts';
import { useSession, useTranslation } from '@guiche/web-sdk';
import { useClosingReasons } from '../hooks/useClosingReasons.js';
import { NS } from '../i18n/register.js';

/** True when the company requires a closing reason on resolve (setting requireCloseReason). */
export function useCloseReasonRequired(): boolean {
  const { user } = useSession();
  return user?.company?.companieSettings?.[REQUIRE_CLOSE_REASON_SETTING] === 'enabled';
}

interface Props {
  id: string;
  value: number | null;
  onChange(id: number | null): void;
  required: boolean;
}

/**
 * The active closing reasons as a native select (keyboard-friendly) for the resolve and close-all
 * dialogs. Hidden when the company has no active reason and does not require one.
 */
export function ClosingReasonSelect({ id, value, onChange, required }: Props) {
  const { t } = useTranslation(NS);
  const reasons = useClosingReasons();
  const active = (reasons.data ?? []).filter((r) => r.active);
  if (reasons.status === 'success' && !active.length && !required) return null;
  const missing = required && value === null;
  return (
    <FormGroup
      label={t('picker.label')}
      labelFor={id}
      labelInfo={required ? '*' : undefined}
      intent={missing ? Intent.WARNING : Intent.NONE}
      helperText={reasons.status === 'pending' ? t('picker.loading') : reasons.status === 'success' && !active.length ? t('picker.empty') : missing ? t('picker.required') : undefined}
    >
      <HTMLSelect
        id={id}
        fill
        value={value ?? ''}
        disabled={reasons.status !== 'success' || !active.length}
        onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        data-testid="close-reason-select"
      >
        <option value="">{required ? t('picker.placeholder') : t('picker.none')}</option>
        {active.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
