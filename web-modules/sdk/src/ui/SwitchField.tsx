import { Switch } from '@blueprintjs/core';
import type { FieldForm, FieldsOf } from './formik-field.js';

export interface SwitchFieldProps<V> {
  form: Pick<FieldForm<V>, 'values' | 'setFieldValue'>;
  name: FieldsOf<V, boolean>;
  label: string;
  testId?: string;
}

/** An on/off switch bound to a boolean Formik field. */
export function SwitchField<V>({ form, name, label, testId }: SwitchFieldProps<V>) {
  return <Switch name={name} checked={form.values[name] as boolean} label={label} onChange={(e) => void form.setFieldValue(name, e.currentTarget.checked)} data-testid={testId} />;
}
