/** The page's filters as the form holds them ('' = any). */
export interface AuditFilters {
  userId: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { userId: '', entity: '', action: '', from: '', to: '' };

/** The query string GET /audit and /audit/export take. */
export function auditParams(filters: AuditFilters): Record<string, string | undefined> {
  return {
    userId: filters.userId || undefined,
    entity: filters.entity || undefined,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export function isFiltered(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** Field → [old, new] for the fields either side names. */
export function changedFields(oldValues: unknown, newValues: unknown): [string, unknown, unknown][] {
  const before = (oldValues && typeof oldValues === 'object' ? oldValues : {}) as Record<string, unknown>;
  const after = (newValues && typeof newValues === 'object' ? newValues : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((field) => [field, before[field], after[field]]);
}

export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
