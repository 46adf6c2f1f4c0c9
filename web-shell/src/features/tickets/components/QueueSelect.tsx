import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { QueueOption } from '../api/types.js';

interface Props {
  id: string;
  label: string;
  placeholder: string;
  queues: QueueOption[];
  value: number | null;
  error?: string | null;
  /** Offer 'Sem fila' (value null) as a real choice. */
  noQueueLabel?: string;
  disabled?: boolean;
  onChange(value: number | null): void;
  onBlur?(): void;
}

/** A queue picker: a native select, so it is keyboard-accessible as is. */
export function QueueSelect({ id, label, placeholder, queues, value, error, noQueueLabel, disabled, onChange, onBlur }: Props) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
      <HTMLSelect
        id={id}
        fill
        disabled={disabled}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
      >
        <option value="">{noQueueLabel ?? placeholder}</option>
        {queues.map((q) => (
          <option key={q.id} value={q.id}>
            {q.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
