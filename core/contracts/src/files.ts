import { z } from 'zod';
import { V } from './messages.js';
import { id, pageNumber, text } from './primitives.js';

/** File lists (outreach-config.md §2, §3, §5, §7): a named message with attached files the bot can send. */

/** company-{id}-file: { action: 'create' | 'update', files: FileList } or { action: 'delete', fileId }. */
export const fileListEvent = (companyId: number) => `company-${companyId}-file`;

/** GET /files page size. */
export const FILE_LISTS_PAGE_SIZE = 20;
export const FILE_LIST_MAX_OPTIONS = 50;

export const fileListsQuerySchema = z.object({
  searchParam: text(200).optional(),
  pageNumber,
  /** Sent by the queue dialog; the caller's own company is always used. */
  companyId: text(20).optional(),
});

/** One entry of the list: a name; its file arrives through POST /files/uploadList/{id}. */
export const fileListOptionSchema = z.object({
  /** Present when the entry exists (PUT keeps, renames or drops entries by id). */
  id: id.optional(),
  name: text(255, { trim: true }).min(1, V.required),
});

const fileListFields = {
  name: text(255, { trim: true }).min(3, V.tooShort),
  message: text(10000).refine((m) => m.trim() !== '', V.required),
  options: z.array(fileListOptionSchema).max(FILE_LIST_MAX_OPTIONS, V.tooLong),
};

/** POST /files. */
export const fileListInputSchema = z.object({ ...fileListFields, options: fileListFields.options.default([]) });
export type FileListInput = z.infer<typeof fileListInputSchema>;

/** PUT /files/{id}: only what is sent changes; `options`, when sent, is the whole list. */
export const fileListUpdateSchema = z.object(fileListFields).partial();
export type FileListUpdate = z.infer<typeof fileListUpdateSchema>;

export interface FileListOption {
  id: number;
  fileId: number;
  name: string;
  /** The stored file's browser URL (/public/...), null until a file is uploaded. */
  path: string | null;
  mediaType: string | null;
}

export interface FileList {
  id: number;
  companyId: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListOption[];
  createdAt: string;
  updatedAt: string;
}

export interface FileListPage {
  files: FileList[];
  hasMore: boolean;
  count: number;
}
