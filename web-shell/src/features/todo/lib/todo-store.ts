/** The to-do list lives only in this browser (outreach-config.md: To-do list), one list per user. */
export interface TodoTask {
  id: string;
  text: string;
  done: boolean;
  createdAt: string;
  updatedAt: string;
}

export const todoStorageKey = (userId: number | string) => `guiche:todo:${userId}`;

function isTask(value: unknown): value is TodoTask {
  const t = value as TodoTask;
  return Boolean(t) && typeof t.id === 'string' && typeof t.text === 'string' && typeof t.createdAt === 'string';
}

export function loadTasks(storage: Storage, userId: number | string): TodoTask[] {
  try {
    const raw = JSON.parse(storage.getItem(todoStorageKey(userId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter(isTask).map((t) => ({ ...t, done: Boolean(t.done), updatedAt: t.updatedAt ?? t.createdAt })) : [];
  } catch {
    return [];
  }
}

export function saveTasks(storage: Storage, userId: number | string, tasks: TodoTask[]): void {
  storage.setItem(todoStorageKey(userId), JSON.stringify(tasks));
}

const newId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Blank text is ignored: the list comes back unchanged. */
export function addTask(tasks: TodoTask[], text: string, now = new Date()): TodoTask[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  const at = now.toISOString();
  return [...tasks, { id: newId(), text: trimmed, done: false, createdAt: at, updatedAt: at }];
}

export function editTask(tasks: TodoTask[], id: string, text: string, now = new Date()): TodoTask[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  return tasks.map((t) => (t.id === id && t.text !== trimmed ? { ...t, text: trimmed, updatedAt: now.toISOString() } : t));
}

export function toggleTask(tasks: TodoTask[], id: string, now = new Date()): TodoTask[] {
  return tasks.map((t) => (t.id === id ? { ...t, done: !t.done, updatedAt: now.toISOString() } : t));
}

export function removeTask(tasks: TodoTask[], id: string): TodoTask[] {
  return tasks.filter((t) => t.id !== id);
}
