import { useQuery } from '@tanstack/react-query';
import { useCompanyTags } from '@guiche/web-sdk';
import { fetchConnections, fetchQueues, fetchUserList, searchContacts, searchUsers } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';

const FIVE_MINUTES = 5 * 60 * 1000;

export function useQueues() {
  return useQuery({ queryKey: ticketKeys.queues(), queryFn: fetchQueues, staleTime: FIVE_MINUTES });
}

/** Every tag of the company, shared with the other tag pickers and kept live by the SDK. */
export const useTags = useCompanyTags;

export function useConnections(enabled = true) {
  return useQuery({ queryKey: ticketKeys.connections(), queryFn: fetchConnections, staleTime: FIVE_MINUTES, enabled });
}

export function useUserList(enabled = true) {
  return useQuery({ queryKey: ticketKeys.userList(), queryFn: fetchUserList, staleTime: FIVE_MINUTES, enabled });
}

/** Searches start at 3 characters (inbox.md §5, §9); pass the debounced text. */
export const SEARCH_MIN_CHARS = 3;

export function useUserSearch(search: string) {
  const term = search.trim();
  return useQuery({ queryKey: ticketKeys.users(term), queryFn: () => searchUsers(term), enabled: term.length >= SEARCH_MIN_CHARS });
}

export function useContactSearch(search: string) {
  const term = search.trim();
  return useQuery({ queryKey: ticketKeys.contacts(term), queryFn: () => searchContacts(term), enabled: term.length >= SEARCH_MIN_CHARS });
}
