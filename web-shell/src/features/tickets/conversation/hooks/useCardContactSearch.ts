import { useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_CHARS } from '../../hooks/useReferenceData.js';
import { conversationKeys, searchCardContacts } from '../api.js';

/** Contacts to share as a card: searched from 3 characters (pass the debounced text, inbox.md §5). */
export function useCardContactSearch(search: string) {
  const term = search.trim();
  return useQuery({ queryKey: conversationKeys.cardContacts(term), queryFn: () => searchCardContacts(term), enabled: term.length >= SEARCH_MIN_CHARS });
}
