import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyToPagedLists, replaceInPagedLists, searchFinds, useDebouncedValue, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import { attachMedia, createSchedule, deleteSchedule, fetchConnections, fetchContact, fetchSchedules, removeMedia, searchContacts, updateSchedule } from '../api/schedules-api';
import type { Schedule, ScheduleInput } from '@guiche/contracts';
import { scheduleKeys } from '../api/query-keys';

export function useSchedules(search: string) {
  return usePagedList(scheduleKeys.list(search), (pageNumber) => fetchSchedules(search, pageNumber));
}

/** company-{id}-schedule. */
export const scheduleEvent = (companyId: number) => `company-${companyId}-schedule`;
type ScheduleEvent = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; scheduleId: number };

/** Schedules created, changed (sent, failed, waiting) or deleted anywhere show at once. */
export function useScheduleEvents(): void {
  usePagedListEvents<ScheduleEvent, Schedule>({
    eventOf: scheduleEvent,
    listsKey: scheduleKeys.lists(),
    changeOf: (event) => (event.action === 'delete' ? { removedId: event.scheduleId } : { record: event.schedule, matches: searchFinds(event.schedule.body, event.schedule.contact?.name) }),
  });
}

export function useScheduleMutations() {
  const queryClient = useQueryClient();
  const replace = (schedule: Schedule) => replaceInPagedLists(queryClient, scheduleKeys.lists(), schedule);
  return {
    create: useMutation({ mutationFn: (input: ScheduleInput) => createSchedule(input), onSuccess: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.lists() }) }),
    update: useMutation({ mutationFn: ({ id, input }: { id: number; input: ScheduleInput }) => updateSchedule(id, input), onSuccess: replace }),
    remove: useMutation({
      mutationFn: (id: number) => deleteSchedule(id),
      onSuccess: (_data, id) => applyToPagedLists<Schedule>(queryClient, scheduleKeys.lists(), { removedId: id }),
    }),
    attach: useMutation({ mutationFn: ({ id, file }: { id: number; file: File }) => attachMedia(id, file), onSuccess: replace }),
    detach: useMutation({ mutationFn: (id: number) => removeMedia(id), onSuccess: replace }),
  };
}

export function useContactChoices(query: string) {
  const debounced = useDebouncedValue(query);
  return useQuery({ queryKey: scheduleKeys.contacts(debounced), queryFn: () => searchContacts(debounced) });
}

export function useContact(id: number | null) {
  return useQuery({ queryKey: scheduleKeys.contact(id ?? 0), queryFn: () => fetchContact(id as number), enabled: id !== null });
}

export function useConnections() {
  return useQuery({ queryKey: scheduleKeys.connections(), queryFn: fetchConnections });
}

