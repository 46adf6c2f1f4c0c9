import type { Contact } from '@guiche/contracts';
import { textMatches } from '@guiche/web-sdk';

export interface ContactFilters {
  search: string;
  tagIds: number[];
}

/**
 * Whether a contact that arrived live belongs in the list on screen: it matches the search (name,
 * e-mail or number, like the server's) and carries at least one of the filtered tags.
 */
export function contactMatches(contact: Pick<Contact, 'name' | 'email' | 'number' | 'tags'>, filters: ContactFilters): boolean {
  if (!textMatches(filters.search, contact.name, contact.email, contact.number)) return false;
  if (!filters.tagIds.length) return true;
  return contact.tags.some((t) => filters.tagIds.includes(t.id));
}

/** The contactTag query parameter: a JSON array of tag ids, or nothing without a filter. */
export function contactTagParam(tagIds: number[]): string | undefined {
  return tagIds.length ? JSON.stringify([...tagIds].sort((a, b) => a - b)) : undefined;
}
