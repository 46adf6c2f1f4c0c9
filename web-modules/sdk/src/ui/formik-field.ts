import { Intent } from '@blueprintjs/core';
import type { FormikProps } from 'formik';

/** What the field components need of a `useFormik` result. */
export type FieldForm<V> = Pick<FormikProps<V>, 'values' | 'errors' | 'touched' | 'submitCount' | 'handleChange' | 'handleBlur' | 'setFieldValue'>;

/** The names of the form's fields whose value is a T (a text input binds only string fields). */
export type FieldsOf<V, T> = { [K in keyof V]-?: V[K] extends T ? K : never }[keyof V] & string;

/** A field's error, once the user has left the field or tried to submit. */
export function fieldError<V>(form: Pick<FieldForm<V>, 'errors' | 'touched' | 'submitCount'>, name: keyof V): string | undefined {
  return form.touched[name] || form.submitCount > 0 ? (form.errors[name] as string | undefined) : undefined;
}

export function fieldIntent(error: string | undefined): Intent {
  return error ? Intent.DANGER : Intent.NONE;
}

/** The props that bind a text control (input, text area) to a string field: value, handlers, error intent. */
export function textControlProps<V>(form: FieldForm<V>, name: FieldsOf<V, string>, error: string | undefined) {
  return { name, value: form.values[name] as string, onChange: form.handleChange, onBlur: form.handleBlur, intent: fieldIntent(error), 'aria-invalid': !!error || undefined };
}
