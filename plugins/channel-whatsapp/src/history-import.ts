import { toNumber, type BaileysEventMap } from '@whiskeysockets/baileys';
import { IMPORT_DONE_STATUS } from '@guiche/contracts';
import { normalizeMessage, onContacts, type InboundContext } from './inbound.js';
import { inWindow } from './history.js';
import { isGroupJid } from './jid.js';

/** Progress events are sent every this many imported messages (and at the end of each batch). */
export const PROGRESS_EVERY = 25;

/** Stores the import's state on the connection (statusImportMessages). */
export type ImportReporter = (statusImportMessages: string) => Promise<void>;

/**
 * History import (messaging-history.set) inside the connection's import window: messages oldest
 * first, marked imported (no bot, no notification), with importMessages-{companyId} progress
 * (update with this/all/date) and a final refresh once WhatsApp says the sync is complete.
 * The connection's statusImportMessages tells the connections page where the import is: the
 * time it started (the 'preparing' state) when the first message of the window arrives, then
 * IMPORT_DONE_STATUS (the close-imported-tickets button, or core closes them itself).
 */
export function createHistoryImporter(ctx: InboundContext, report: ImportReporter) {
  let done = 0;
  let all = 0;
  let started = false;
  let refreshed = false;

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    await report(String(Date.now()));
  }

  async function finish(): Promise<void> {
    if (refreshed || all === 0) return;
    refreshed = true;
    // Stored before the refresh, so the page reloads the list with the button already there.
    await report(IMPORT_DONE_STATUS);
    ctx.io.importProgress({ action: 'refresh' });
  }

  return {
    async onHistory(event: BaileysEventMap['messaging-history.set']): Promise<void> {
      for (const mapping of event.lidPnMappings ?? []) await ctx.lids.learn(mapping.lid, mapping.pn);
      await onContacts(ctx, event.contacts);
      const window = ctx.importWindow;
      if (!window) return;
      const dated = event.messages
        .map((message) => ({ message, at: new Date(toNumber(message.messageTimestamp as never) * 1000) }))
        .filter(({ message, at }) => inWindow(window, at, isGroupJid(message.key.remoteJid)))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      if (dated.length) await start();
      all += dated.length;
      for (const [index, { message, at }] of dated.entries()) {
        const normalized = await normalizeMessage(ctx, message, true);
        if (normalized) await ctx.io.inbound(normalized);
        done++;
        if ((index + 1) % PROGRESS_EVERY === 0 || index === dated.length - 1) {
          ctx.io.importProgress({ action: 'update', status: { this: done, all, date: at.toISOString() } });
        }
      }
      if (event.isLatest || event.progress === 100) await finish();
    },
    async onStatus(event: BaileysEventMap['messaging-history.status']): Promise<void> {
      if (event.status === 'complete') await finish();
    },
  };
}

export type HistoryImporter = ReturnType<typeof createHistoryImporter>;
