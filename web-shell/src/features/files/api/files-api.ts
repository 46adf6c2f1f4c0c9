import { api, type Page } from '@guiche/web-sdk';
import type { FileList } from '../lib/file-list.js';

/** GET /files (searchParam, pageNumber) returning files, hasMore. */
export async function fetchFileLists(search: string, pageNumber: number): Promise<Page<FileList>> {
  const { data } = await api.get<{ files: FileList[]; hasMore: boolean; count?: number }>('/files', { params: { searchParam: search.trim() || undefined, pageNumber } });
  return { items: data.files, hasMore: data.hasMore, ...(typeof data.count === 'number' ? { count: data.count } : {}) };
}

/** Every file list of the company for pickers (queue dialog, chatbot file options): pages until hasMore is false. */
export async function fetchAllFileLists(): Promise<FileList[]> {
  const all: FileList[] = [];
  for (let pageNumber = 1; pageNumber <= 50; pageNumber++) {
    const page = await fetchFileLists('', pageNumber);
    all.push(...page.items);
    if (!page.hasMore) break;
  }
  return all;
}

export async function fetchFileList(id: number): Promise<FileList> {
  const { data } = await api.get<FileList>(`/files/${id}`);
  return data;
}

export async function createFileList(payload: unknown): Promise<FileList> {
  const { data } = await api.post<FileList>('/files', payload);
  return data;
}

export async function updateFileList(id: number, payload: unknown): Promise<FileList> {
  const { data } = await api.put<FileList>(`/files/${id}`, payload);
  return data;
}

export async function deleteFileList(id: number): Promise<void> {
  await api.delete(`/files/${id}`);
}

/** POST /files/uploadList/{id} as a form with fileId, typeArch, files, mediaType, name, id (one set per file). */
export async function uploadFileListFiles(listId: number, uploads: { id: number; name: string; file: File; mediaType: string }[]): Promise<FileList | null> {
  if (!uploads.length) return null;
  const body = new FormData();
  body.append('fileId', String(listId));
  body.append('typeArch', 'fileList');
  for (const upload of uploads) {
    body.append('files', upload.file, upload.file.name);
    body.append('mediaType', upload.mediaType);
    body.append('name', upload.name);
    body.append('id', String(upload.id));
  }
  const { data } = await api.post<FileList | null>(`/files/uploadList/${listId}`, body);
  return data && typeof data === 'object' && 'id' in data ? data : null;
}
