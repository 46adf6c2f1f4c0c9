import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyToPagedLists, replaceInPagedLists, searchFinds, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import type { Prompt, PromptFields } from '@guiche/contracts';
import { deletePrompt, fetchPrompts, fetchQueues, fetchTranscriptionQueues, savePrompt, setTranscriptionQueue } from './api';

const transcriptionKey = ['prompts', 'transcriptionQueues'] as const;
const keys = { lists: () => ['prompts', 'list'] as const, list: (search: string) => ['prompts', 'list', { search: search.trim() }] as const };

export function usePrompts(search: string) {
  return usePagedList(keys.list(search), (pageNumber) => fetchPrompts(search, pageNumber));
}

type PromptEvent = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number };

/** company-{id}-prompt: changes made anywhere show at once. */
export function usePromptEvents(): void {
  usePagedListEvents<PromptEvent, Prompt>({
    eventOf: (companyId) => `company-${companyId}-prompt`,
    listsKey: keys.lists(),
    changeOf: (event) => (event.action === 'delete' ? { removedId: event.promptId } : { record: event.prompt, matches: searchFinds(event.prompt.name) }),
  });
}

export function usePromptMutations() {
  const queryClient = useQueryClient();
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: PromptFields }) => savePrompt(id, input),
      onSuccess: (saved, { id }) => {
        // A prompt's key is the company's key for transcriptions: the automatic transcription's warning follows it.
        void queryClient.invalidateQueries({ queryKey: transcriptionKey });
        return id ? replaceInPagedLists(queryClient, keys.lists(), saved) : void queryClient.invalidateQueries({ queryKey: keys.lists() });
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => deletePrompt(id),
      onSuccess: (_d, id) => {
        void queryClient.invalidateQueries({ queryKey: transcriptionKey });
        applyToPagedLists<Prompt>(queryClient, keys.lists(), { removedId: id });
      },
    }),
  };
}

export function useQueues() {
  return useQuery({ queryKey: ['prompts', 'queues'], queryFn: fetchQueues });
}


/** Issue #33: the automatic transcription's queues (admins); a switch answers the new state. */
export function useTranscriptionQueues(enabled: boolean) {
  const queryClient = useQueryClient();
  return {
    state: useQuery({ queryKey: transcriptionKey, queryFn: fetchTranscriptionQueues, enabled }),
    toggle: useMutation({
      mutationFn: ({ queueId, auto }: { queueId: number; auto: boolean }) => setTranscriptionQueue(queueId, auto),
      onSuccess: (next) => queryClient.setQueryData(transcriptionKey, next),
    }),
  };
}
