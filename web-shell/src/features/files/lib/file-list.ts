import { z } from 'zod';

/** A file list (outreach-config.md §3): a name, a message and option entries each with a file. */
export interface FileListOption {
  id: number;
  name: string;
  /** Stored path (served at /public/…), null until its file is uploaded. */
  path: string | null;
  mediaType: string | null;
}

export interface FileList {
  id: number;
  name: string;
  message: string;
  options: FileListOption[];
  userId?: number | null;
}

/** company-{id}-file: { action, files } or { action: 'delete', fileId } (older names accepted too). */
export { fileListEvent as fileEvent } from '@guiche/contracts';

export type FileEvent =
  | { action: 'create' | 'update'; fileList?: FileList; files?: FileList; file?: FileList }
  | { action: 'delete'; fileListId?: number; fileId?: number; id?: number };

/** The record of an event, whatever name the server gives it. */
export function eventRecord(event: FileEvent): FileList | null {
  if (event.action === 'delete') return null;
  const record = event.fileList ?? event.files ?? event.file;
  return record && typeof record === 'object' && typeof record.id === 'number' ? record : null;
}

export function eventRemovedId(event: FileEvent): number | null {
  if (event.action !== 'delete') return null;
  const id = event.fileListId ?? event.fileId ?? event.id;
  return typeof id === 'number' ? id : null;
}

/** Keys of this page's namespace (outreach-config.md §5: "nome muito curto", message required). */
export const FileV = {
  required: 'files:validation.required',
  nameShort: 'files:validation.nameShort',
  tooLong: 'files:validation.tooLong',
  optionName: 'files:validation.optionName',
  optionFile: 'files:validation.optionFile',
} as const;

export interface FileOptionValues {
  /** The stored option's id; null for a new entry. */
  id: number | null;
  name: string;
  /** The stored file, if any. */
  path: string | null;
  mediaType: string | null;
  /** A file picked in the dialog, uploaded after the list is saved. */
  file: File | null;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileOptionValues[];
}

export const fileListFormSchema = z.object({
  name: z.string().trim().min(1, FileV.required).min(3, FileV.nameShort).max(100, FileV.tooLong),
  message: z.string().trim().min(1, FileV.required).max(5000, FileV.tooLong),
  options: z.array(
    z
      .object({ name: z.string().trim().min(1, FileV.optionName).max(100, FileV.tooLong), path: z.string().nullable(), file: z.any() })
      .refine((o) => o.path || o.file, { path: ['file'], message: FileV.optionFile }),
  ),
});

export function fileListFormValues(list?: FileList): FileListFormValues {
  if (!list) return { name: '', message: '', options: [] };
  return {
    name: list.name,
    message: list.message ?? '',
    options: (list.options ?? []).map((o) => ({ id: o.id, name: o.name, path: o.path, mediaType: o.mediaType, file: null })),
  };
}

export function blankOption(): FileOptionValues {
  return { id: null, name: '', path: null, mediaType: null, file: null };
}

/** POST /files or PUT /files/{id}: the texts and the entries (kept ones by id, new ones without). */
export function fileListPayload(values: FileListFormValues) {
  return {
    name: values.name.trim(),
    message: values.message,
    options: values.options.map((o) => (o.id === null ? { name: o.name.trim() } : { id: o.id, name: o.name.trim() })),
  };
}

/**
 * The files to send to POST /files/uploadList/{id} once the list is saved: each picked file with
 * its entry's id in the saved answer — a kept entry by its id, a new one by order among the saved
 * entries no kept one claims (new entries are created in the order sent) — its name and MIME type.
 */
export function pendingUploads(values: FileListFormValues, saved: Pick<FileList, 'options'>): { id: number; name: string; file: File; mediaType: string }[] {
  const kept = new Set(values.options.filter((o) => o.id !== null).map((o) => o.id));
  const created = sortById(saved.options.filter((o) => !kept.has(o.id)));
  const uploads: { id: number; name: string; file: File; mediaType: string }[] = [];
  let next = 0;
  for (const option of values.options) {
    const stored = option.id !== null ? saved.options.find((o) => o.id === option.id) : created[next++];
    if (!option.file || !stored) continue;
    uploads.push({ id: stored.id, name: option.name.trim(), file: option.file, mediaType: option.file.type || 'application/octet-stream' });
  }
  return uploads;
}

const sortById = <T extends { id: number }>(list: T[]) => [...list].sort((x, y) => x.id - y.id);

/** The name shown for a stored file. */
export function storedName(path: string | null): string {
  return path ? (path.split('/').pop() ?? path) : '';
}
