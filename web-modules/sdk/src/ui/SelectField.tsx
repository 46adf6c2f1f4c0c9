import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { FieldForm, FieldsOf } from './formik-field.js';

export interface SelectFieldProps<V> {
  form: Pick<FieldForm<V>, 'values' | 'handleChange'>;
  name: FieldsOf<V, string>;
  id: string;
  label: string;
  /** [value, label] pairs, in order. */
  options: readonly (readonly [value: string, label: string])[];
}

/** A labelled native select of fixed choices bound to a Formik field. */
export function SelectField<V>({ form, name, id, label, options }: SelectFieldProps<V>) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} name={name} fill value={form.values[name] as string} onChange={form.handleChange}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
