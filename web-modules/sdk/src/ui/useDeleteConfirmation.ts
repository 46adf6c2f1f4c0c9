import { useConfirmedAction, type DeleteConfirmation } from './useConfirmedAction.js';

/** The delete step of a list page: useConfirmedAction with one done message. */
export function useDeleteConfirmation<T>(remove: (record: T) => Promise<unknown>, doneMessage: string): DeleteConfirmation<T> {
  return useConfirmedAction(remove, () => doneMessage);
}
