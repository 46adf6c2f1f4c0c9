import { FormGroup, TextArea, type TextAreaProps } from '@blueprintjs/core';
import { fieldError, fieldIntent, textControlProps, type FieldForm, type FieldsOf } from './formik-field.js';

export type TextAreaFieldProps<V> = Omit<TextAreaProps, 'form' | 'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'intent'> & {
  form: FieldForm<V>;
  name: FieldsOf<V, string>;
  id: string;
  label: string;
  /** Shown under the text while it has no error. */
  hint?: string;
  groupClassName?: string;
};

/** A labelled, full-width text area bound to a Formik field. */
export function TextAreaField<V>({ form, name, id, label, hint, groupClassName, ...area }: TextAreaFieldProps<V>) {
  const error = fieldError(form, name);
  return (
    <FormGroup className={groupClassName} label={label} labelFor={id} intent={fieldIntent(error)} helperText={error ?? hint}>
      <TextArea fill {...area} id={id} {...textControlProps(form, name, error)} />
    </FormGroup>
  );
}
