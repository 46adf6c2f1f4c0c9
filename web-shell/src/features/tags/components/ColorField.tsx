import { FormGroup } from '@blueprintjs/core';
import type { FormikProps } from 'formik';
import { fieldError, fieldIntent, type FieldForm } from '@guiche/web-sdk';
import { ColorPicker } from './ColorPicker.js';

interface Props<V extends { color: string }> {
  form: FieldForm<V> & Pick<FormikProps<V>, 'setFieldTouched'>;
  id: string;
  label: string;
  required?: boolean;
  groupClassName?: string;
}

/** The form's `color` field (tags, queues): palette, colour chooser and hex input. */
export function ColorField<V extends { color: string }>({ form, id, label, required, groupClassName }: Props<V>) {
  const error = fieldError(form, 'color');
  return (
    <FormGroup className={groupClassName} label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={fieldIntent(error)} helperText={error}>
      <ColorPicker
        id={id}
        value={form.values.color}
        invalid={!!error}
        onChange={(color) => void form.setFieldValue('color', color)}
        onBlur={() => void form.setFieldTouched('color', true)}
      />
    </FormGroup>
  );
}
