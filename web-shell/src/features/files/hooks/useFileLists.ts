import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyToPagedLists, replaceInPagedLists, searchFinds, usePagedList, usePagedListEvents } from '@guiche/web-sdk';
import { createFileList, deleteFileList, fetchAllFileLists, fetchFileLists, updateFileList, uploadFileListFiles } from '../api/files-api.js';
import { fileKeys } from '../api/query-keys.js';
import { eventRecord, eventRemovedId, fileEvent, fileListPayload, pendingUploads, type FileEvent, type FileList, type FileListFormValues } from '../lib/file-list.js';

export function useFileLists(search: string) {
  return usePagedList(fileKeys.list(search), (pageNumber) => fetchFileLists(search, pageNumber));
}

/** Every file list, for the selects of the queue dialog and the chatbot's file options. */
export function useFileListOptions(enabled: boolean) {
  return useQuery({ queryKey: fileKeys.options(), queryFn: fetchAllFileLists, enabled, staleTime: 30_000 });
}

/** company-{id}-file: lists created, changed or deleted anywhere show at once. */
export function useFileListEvents(): void {
  usePagedListEvents<FileEvent, FileList>({
    eventOf: fileEvent,
    listsKey: fileKeys.lists(),
    changeOf: (event) => {
      const removed = eventRemovedId(event);
      if (removed !== null) return { removedId: removed };
      const record = eventRecord(event);
      return record ? { record, matches: searchFinds(record.name) } : null;
    },
    also: (_event, queryClient) => void queryClient.invalidateQueries({ queryKey: fileKeys.options() }),
  });
}

export function useFileListMutations() {
  const queryClient = useQueryClient();
  return {
    /** Saves the texts and entries, then uploads the picked files to the saved entries. */
    save: useMutation({
      mutationFn: async ({ id, values }: { id: number | null; values: FileListFormValues }) => {
        const payload = fileListPayload(values);
        const saved = id === null ? await createFileList(payload) : await updateFileList(id, payload);
        const uploaded = await uploadFileListFiles(saved.id, pendingUploads(values, saved));
        return uploaded ?? saved;
      },
      onSuccess: (saved, { id }) => {
        if (id === null) void queryClient.invalidateQueries({ queryKey: fileKeys.lists() });
        else replaceInPagedLists(queryClient, fileKeys.lists(), saved);
        void queryClient.invalidateQueries({ queryKey: fileKeys.options() });
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteFileList(id),
      onSuccess: (_data, id) => {
        applyToPagedLists<FileList>(queryClient, fileKeys.lists(), { removedId: id });
        void queryClient.invalidateQueries({ queryKey: fileKeys.options() });
      },
    }),
  };
}
