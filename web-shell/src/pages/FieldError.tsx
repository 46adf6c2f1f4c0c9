import { FormGroup, Intent, type FormGroupProps } from '@blueprintjs/core';
import { getIn, useFormikContext } from 'formik';

/** A FormGroup that shows the Formik error of `name` once the field was touched. */
export function Field({ name, ...props }: FormGroupProps & { name: string }) {
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const error = getIn(errors, name) as string | undefined;
  const show = !!error && (!!getIn(touched, name) || submitCount > 0);
  return (
    <FormGroup
      {...props}
      labelFor={props.labelFor ?? name}
      intent={show ? Intent.DANGER : props.intent}
      helperText={show ? <span role="alert">{error}</span> : props.helperText}
    />
  );
}

export function fieldIntent(error: unknown, touched: unknown, submitCount: number): Intent {
  return error && (touched || submitCount > 0) ? Intent.DANGER : Intent.NONE;
}
