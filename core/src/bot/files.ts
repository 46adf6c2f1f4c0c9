import path from 'node:path';
import { fileListForSending } from '../domain/files-repository.js';
import { say, type BotRun } from './run.js';

/** A file option: the file list's message, then each of its files (named by the entry). */
export async function sendFileList(run: BotRun, fileListId: number): Promise<void> {
  const list = await fileListForSending(run.trx, run.ticket.companyId, fileListId);
  if (!list) return;
  await say(run, list.message);
  for (const option of list.options) {
    if (!option.path) continue;
    const mimetype = option.mediaType?.includes('/') ? option.mediaType : 'application/octet-stream';
    const ext = path.extname(option.path);
    const fileName = path.extname(option.name) ? option.name : `${option.name}${ext}`;
    await say(run, '', { path: option.path, mimetype, fileName });
  }
}
