import { useState } from 'react';
import { toastError, toastSuccess } from '../toast.js';

export interface ConfirmedAction<T> {
  /** The record waiting for confirmation, if any. */
  target: T | null;
  ask(record: T): void;
  dialogProps: { isOpen: boolean; loading: boolean; onConfirm(): void; onClose(): void };
}

/** The delete confirmation of a list page (ListPage's `deletion`). */
export type DeleteConfirmation<T> = ConfirmedAction<T>;

/**
 * A "really do this to that record?" step: `ask(record)` opens the confirmation, confirming runs
 * `run`, toasts `doneMessage(record)` and closes; a failure is a toast and the dialog stays.
 * Spread `dialogProps` into a ConfirmDialog.
 */
export function useConfirmedAction<T>(run: (record: T) => Promise<unknown>, doneMessage: (record: T) => string): ConfirmedAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setPending(true);
    try {
      await run(target);
      toastSuccess(doneMessage(target));
      setTarget(null);
    } catch (err) {
      toastError(err);
    } finally {
      setPending(false);
    }
  };

  return {
    target,
    ask: (record: T) => setTarget(record),
    dialogProps: { isOpen: target !== null, loading: pending, onConfirm: () => void confirm(), onClose: () => setTarget(null) },
  };
}
