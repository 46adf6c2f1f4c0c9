import type { Intent } from '@blueprintjs/core';

/** 1 Alta, 2 Media, 3 Baixa. */
export function priorityIntent(priority: number): Intent {
  return priority === 1 ? 'danger' : priority === 2 ? 'warning' : 'none';
}
