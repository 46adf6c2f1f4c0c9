import type { NormalizedMessage } from '@guiche/core';
import { BotApiError, downloadFile } from './bot-api.js';
import { parseUpdate } from './parse.js';

/** Where an update goes: the session's io when polling, core's ingest when a webhook brings it. */
export interface UpdateSink {
  inbound(message: NormalizedMessage): Promise<unknown>;
  edited(wid: string, body: string): Promise<void>;
}

/**
 * One update, stored before it is confirmed (an answered webhook, a later getUpdates offset): a
 * failure throws so Telegram delivers it again, and core's ingest ignores a wid it already has.
 * A file Telegram refuses for good (over the bots' 20 MB download limit) leaves the message with
 * its error instead of the file.
 */
export async function processUpdate(sink: UpdateSink, token: string, update: Record<string, any>): Promise<void> {
  const action = parseUpdate(update);
  if (action.kind === 'edit') return sink.edited(action.wid, action.body);
  if (action.kind === 'ignore') return;
  const { message, file } = action;
  if (!file) {
    await sink.inbound(message);
    return;
  }
  try {
    const data = await downloadFile(token, file.fileId);
    await sink.inbound({ ...message, media: { data, mimetype: file.mimetype, fileName: file.fileName } });
  } catch (err) {
    if (!(err instanceof BotApiError) || err.code !== 400) throw err;
    await sink.inbound({ ...message, data: { ...message.data, mediaError: err.message } });
  }
}
