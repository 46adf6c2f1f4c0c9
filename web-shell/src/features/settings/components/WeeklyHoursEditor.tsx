import { HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { maskTime, SHIFT_FIELDS, type DaySchedule, type ShiftField } from '../lib/weekly-hours.js';
import './settings.css';

interface Props {
  days: DaySchedule[];
  onChange(days: DaySchedule[]): void;
  /** The translated error of one box, if any. */
  errorAt?(day: number, field: ShiftField): string | undefined;
  /** Prefix of the inputs' ids and test ids (e.g. "queue-hours"). */
  idPrefix: string;
}

/**
 * Monday to Sunday, shifts A and B (HH:MM; an empty shift is not worked). Each box types digits
 * and gets its colon by itself; Tab walks the week row by row.
 */
export function WeeklyHoursEditor({ days, onChange, errorAt, idPrefix }: Props) {
  const { t } = useTranslation(NS);
  const set = (index: number, field: ShiftField, value: string) => onChange(days.map((d, i) => (i === index ? { ...d, [field]: maskTime(value) } : d)));
  return (
    <HTMLTable compact className="st-hours" data-testid={`${idPrefix}-table`}>
      <thead>
        <tr>
          <th>{t('hours.day')}</th>
          <th colSpan={2}>{t('hours.shiftA')}</th>
          <th colSpan={2}>{t('hours.shiftB')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day, i) => (
          <tr key={day.weekdayEn} data-weekday={day.weekdayEn}>
            <th scope="row">{t(`hours.days.${day.weekdayEn}`)}</th>
            {SHIFT_FIELDS.map((field) => {
              const error = errorAt?.(i, field);
              const id = `${idPrefix}-${day.weekdayEn}-${field}`;
              return (
                <td key={field}>
                  <InputGroup
                    id={id}
                    data-testid={id}
                    value={day[field]}
                    placeholder="HH:MM"
                    inputMode="numeric"
                    maxLength={5}
                    aria-label={t(`hours.aria.${field}`, { day: t(`hours.days.${day.weekdayEn}`) })}
                    aria-invalid={!!error || undefined}
                    title={error}
                    intent={error ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => set(i, field, e.currentTarget.value)}
                  />
                  {error && <div className="st-hours__error">{error}</div>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
