import { useState } from 'react';
import { toastError, toastSuccess } from '../toast.js';

export interface DeleteConfirmation<T> {
  /** The record waiting for confirmation, if any. */
  target: T | null;
  ask(record: T): void;
  dialogProps: { isOpen: boolean; loading: boolean; onConfirm(): void; onClose(): void };
}

/**
 * The "delete this record?" step of a list page: `ask(record)` opens the confirmation,
 * confirming runs `remove`, toasts `doneMessage` and closes; a failure is a toast and the
 * dialog stays. Spread `dialogProps` into a ConfirmDialog.
 */
export function useDeleteConfirmation<T>(remove: (record: T) => Promise<unknown>, doneMessage: string): DeleteConfirmation<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (target === null) return;
    setPending(true);
    try {
      await remove(target);
      toastSuccess(doneMessage);
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
