import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { fieldError, fieldIntent, textControlProps, type FieldForm, type FieldsOf } from './formik-field.js';

export type TextFieldProps<V> = Omit<InputGroupProps, 'form' | 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'intent'> & {
  form: FieldForm<V>;
  name: FieldsOf<V, string>;
  id: string;
  label: string;
  /** Marks the label with '*'. */
  required?: boolean;
  /** Shown under the input while it has no error. */
  hint?: string;
  groupClassName?: string;
};

/** A labelled text input bound to a Formik field; its error shows under it once touched or submitted. */
export function TextField<V>({ form, name, id, label, required, hint, groupClassName, ...input }: TextFieldProps<V>) {
  const error = fieldError(form, name);
  return (
    <FormGroup className={groupClassName} label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={fieldIntent(error)} helperText={error ?? hint}>
      <InputGroup {...input} id={id} {...textControlProps(form, name, error)} />
    </FormGroup>
  );
}
