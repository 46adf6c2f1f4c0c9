import type { FormikErrors } from 'formik';
import { serverValidationErrors } from '../forms.js';
import { toastError } from '../toast.js';

/** A failed save: the server's field errors go under their fields, anything else is a toast. */
export function showSubmitError<V>(err: unknown, setErrors: (errors: FormikErrors<V>) => void): void {
  const fieldErrors = serverValidationErrors<V>(err);
  if (fieldErrors && Object.keys(fieldErrors).length) setErrors(fieldErrors);
  else toastError(err);
}
