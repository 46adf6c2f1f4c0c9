import { NO_QUEUE_ID } from './ticket-filters.js';

/** localStorage key of the queue multi-select; per user, so two people sharing a browser keep theirs. */
export function queueSelectionKey(userId: number): string {
  return `tickets.selectedQueues.${userId}`;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The queues the list shows: the stored choice, limited to the queues the user may pick now
 * (their queues and 'Sem fila'); every one of them when nothing valid was stored.
 */
export function readQueueSelection(store: KeyValueStore, userId: number, available: readonly number[]): number[] {
  const all = [...available];
  let stored: unknown;
  try {
    stored = JSON.parse(store.getItem(queueSelectionKey(userId)) ?? 'null');
  } catch {
    stored = null;
  }
  if (!Array.isArray(stored)) return all;
  return all.filter((id) => stored.includes(id));
}

export function writeQueueSelection(store: KeyValueStore, userId: number, selected: readonly number[]): void {
  store.setItem(queueSelectionKey(userId), JSON.stringify([...selected]));
}

/** The ids the multi-select offers: the user's queues (every queue for admins) and 'Sem fila'. */
export function selectableQueueIds(queueIds: readonly number[]): number[] {
  return [...queueIds, NO_QUEUE_ID];
}
