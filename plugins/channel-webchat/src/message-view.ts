import type { WebchatMessage } from '@guiche/contracts';
import type { Storage } from '@guiche/core';

export interface MessageRow {
  id: number | string;
  wid: string | null;
  fromMe: boolean;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  isDeleted: boolean;
  createdAt: Date | string;
}

export const MESSAGE_COLUMNS = ['id', 'wid', 'fromMe', 'body', 'mediaType', 'mediaUrl', 'mediaName', 'isDeleted', 'createdAt'] as const;

/** A stored message as the widget shows it: media as a /public URL, a deleted message without content. */
export function toWebchatMessage(row: MessageRow, storage: Storage): WebchatMessage {
  const deleted = row.isDeleted;
  return {
    id: Number(row.id),
    wid: row.wid ?? `id-${row.id}`,
    fromVisitor: !row.fromMe,
    body: deleted ? '' : row.body,
    mediaType: row.mediaType,
    mediaUrl: !deleted && row.mediaUrl ? storage.url(row.mediaUrl) : null,
    mediaName: deleted ? null : row.mediaName,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(deleted ? { isDeleted: true } : {}),
  };
}
