import { FormGroup } from '@blueprintjs/core';
import type { FieldForm, FieldsOf } from './formik-field.js';
import { RecordMultiSelect, type SelectableRecord } from './RecordMultiSelect.js';

export interface RecordsFieldProps<V, T extends SelectableRecord> {
  form: Pick<FieldForm<V>, 'values' | 'setFieldValue'>;
  /** A field holding the chosen records' ids. */
  name: FieldsOf<V, T['id'][]>;
  /** The input's id, also the test id. */
  id: string;
  label: string;
  groupClassName?: string;
  /** The choices as a query gives them. */
  choices: { data?: T[]; isPending: boolean; isError: boolean };
  texts: { placeholder: string; none: string; loadError: string; loading: string; clear: string };
}

/** A labelled searchable multi-select bound to a Formik field of ids (a user's queues, a queue's users…). */
export function RecordsField<V, T extends SelectableRecord>({ form, name, id, label, groupClassName, choices, texts }: RecordsFieldProps<V, T>) {
  return (
    <FormGroup className={groupClassName} label={label} labelFor={id}>
      <RecordMultiSelect<T>
        inputId={id}
        items={choices.data ?? []}
        selectedIds={form.values[name] as T['id'][]}
        loading={choices.isPending}
        placeholder={texts.placeholder}
        noResults={choices.isError ? texts.loadError : texts.none}
        loadingText={texts.loading}
        clearLabel={texts.clear}
        onChange={(ids) => void form.setFieldValue(name, ids)}
        testId={id}
      />
    </FormGroup>
  );
}
