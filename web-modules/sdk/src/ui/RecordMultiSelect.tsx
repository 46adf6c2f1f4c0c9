import { lazy, Suspense } from 'react';
import { Classes } from '@blueprintjs/core';
import type { RecordMultiSelectProps, SelectableRecord } from './RecordMultiSelectControl.js';

export type { RecordMultiSelectProps, SelectableRecord } from './RecordMultiSelectControl.js';

// Blueprint's MultiSelect and QueryList are their own chunk (issue #28): the tickets screen draws
// its filters only in the search view, so the first screen does not download them.
const Control = lazy(() => import('./RecordMultiSelectControl.js'));

/**
 * While the control loads: an empty field of the same shape, without the input, so nothing typed
 * or clicked lands in a field about to be replaced (a test waits for the real input by its id).
 */
function Placeholder({ placeholder, invalid }: { placeholder: string; invalid?: boolean }) {
  const classes = [Classes.INPUT, Classes.TAG_INPUT, Classes.FILL, invalid ? Classes.INTENT_DANGER : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} aria-busy="true">
      <div className={Classes.TAG_INPUT_VALUES}>
        <span className={Classes.TEXT_MUTED}>{placeholder}</span>
      </div>
    </div>
  );
}

/** A searchable multi-select of named records (tags, queues, users, connections), coloured when a record has a colour. */
export function RecordMultiSelect<T extends SelectableRecord>(props: RecordMultiSelectProps<T>) {
  return (
    <Suspense
      fallback={
        <div className={props.className} data-testid={props.testId}>
          <Placeholder placeholder={props.placeholder} invalid={props.invalid} />
        </div>
      }
    >
      <Control {...props} />
    </Suspense>
  );
}
