import { proto, toNumber, type BaileysEventMap, type Chat, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import { normalizeMessage, type InboundContext } from './inbound.js';
import { isGroupJid, isIgnoredChat, normalizeJid } from './jid.js';

/** Auth-state row of the last moment this connection was known online (ms), kept across restarts. */
export const LAST_ONLINE = { category: 'guiche-session', id: 'last-online' } as const;
/**
 * Auth-state row of the on-demand recoveries asked and not answered yet, each with its chat's floor.
 * They must outlive the session: every reconnect (and a node that takes the connection over) builds
 * a new one, and a recovery cut short by a drop is asked again at the next open with its old floor.
 */
export const PENDING_RECOVERIES = { category: 'guiche-session', id: 'gap-pending' } as const;

type Floor = { at: number; wid: string | null } | null;
interface PendingRecovery {
  chat: string;
  key: WAMessageKey;
  at: number;
  floor: Floor;
}

export interface GapOptions {
  /** Messages asked per on-demand history request (Baileys' fetchMessageHistory count). */
  pageSize: number;
  /** On-demand requests at most per connection open: a phone with a huge backlog is not asked forever. */
  maxFetches: number;
  /** Time between two requests, so WhatsApp is not flooded after a reconnect. */
  paceMs: number;
}

export const GAP_DEFAULTS: GapOptions = { pageSize: 50, maxFetches: 200, paceMs: 1500 };

/**
 * A chat with nothing stored counts from this long before the connection was last known online: a
 * message stamped (in whole seconds, by the phone's clock) just before the drop is not lost, and one
 * stored meanwhile is dropped by core as a replay.
 */
export const LAST_ONLINE_MARGIN_MS = 60_000;

const timestampMs = (message: WAMessage): number => toNumber(message.messageTimestamp as never) * 1000;

interface Fetch {
  chat: string;
  key: WAMessageKey;
  at: number;
}

/**
 * Nothing missed across a disconnect. Per chat the floor is the newest message core had stored for it
 * when the socket opened (else, for a chat with nothing stored, shortly before the connection was
 * last online): offline notifications stored since must not hide what came before them. After a
 * reconnect, history messages WhatsApp hands over above the floor (the recent-history chunk, the
 * on-demand answers) are live messages of their tickets, ingested oldest first (core drops a wid it
 * has); chats whose newest message on the phone is above the floor are filled by on-demand history
 * requests anchored at the oldest message known above the floor, paged, bounded and paced.
 */
export function createGapRecovery(ctx: InboundContext, options: GapOptions = GAP_DEFAULTS) {
  let lastOnline: number | null = null;
  /** What was stored when the socket opened: messages ingested since (offline ones too) do not raise a floor. */
  let mark: number | undefined;
  let floors = new Map<string, Promise<{ at: number; wid: string | null } | null>>();
  let queue: Fetch[] = [];
  const asked = new Set<string>();
  /**
   * Recoveries asked and not answered yet, by request (chat and anchor): asked again after the next
   * reconnect. One chat can have several in flight — one carried over from a drop and one from the
   * new recent chunk — and answering one must not forget the other (the soak's lost messages).
   */
  const unanswered = new Map<string, Fetch>();
  /** On-demand request id → the recovery it asks for (the answer names its request in peerDataRequestSessionId). */
  const requests = new Map<string, string>();
  const fetchId = (fetch: Pick<Fetch, 'chat' | 'key'>) => `${fetch.chat}/${fetch.key.id}`;
  let fetches = 0;
  let timer: NodeJS.Timeout | null = null;
  let nextAllowed = 0;
  let saving: Promise<void> = Promise.resolve();

  /** Writes what is still unanswered (with each chat's floor), one write after the other. */
  function persist(): void {
    const snapshot = [...unanswered.values()];
    saving = saving
      .then(async () => {
        const value: PendingRecovery[] = await Promise.all(
          snapshot.map(async (f) => ({ chat: f.chat, key: { remoteJid: f.key.remoteJid, id: f.key.id, fromMe: f.key.fromMe, participant: f.key.participant }, at: f.at, floor: (await floors.get(f.chat)) ?? null })),
        );
        await ctx.io.authState.set([{ ...PENDING_RECOVERIES, value: value.length ? value : null }]);
      })
      .catch((err: unknown) => ctx.io.log.warn({ err }, 'whatsapp pending gap recoveries not saved'));
  }

  function floorOf(chat: string): Promise<{ at: number; wid: string | null } | null> {
    const jid = normalizeJid(chat);
    let floor = floors.get(jid);
    if (!floor) {
      floor = (async () => {
        const peerId = isGroupJid(jid) ? jid : (await ctx.lids.peerOf(jid)).id;
        const stored = (await ctx.io.lastStored?.(peerId, mark)) ?? null;
        if (stored) return { at: stored.timestamp.getTime(), wid: stored.wid };
        return lastOnline === null ? null : { at: lastOnline - LAST_ONLINE_MARGIN_MS, wid: null };
      })();
      floors.set(jid, floor);
    }
    return floor;
  }

  async function aboveFloor(message: WAMessage): Promise<boolean> {
    const chat = message.key.remoteJid;
    if (!chat || !message.key.id || isIgnoredChat(chat)) return false;
    const floor = await floorOf(chat);
    // At the floor counts too: another message of the same second may be the one missed (a stored one is a replay).
    return floor !== null && message.key.id !== floor.wid && timestampMs(message) >= floor.at;
  }

  /** The messages above their chat's floor, ingested live oldest first; answers the ones it took. */
  async function ingestAbove(messages: WAMessage[]): Promise<Set<WAMessage>> {
    const taken = new Set<WAMessage>();
    for (const message of messages) if (await aboveFloor(message)) taken.add(message);
    const ordered = [...taken].sort((a, b) => timestampMs(a) - timestampMs(b));
    for (const message of ordered) {
      if (message.key.fromMe && message.key.id && ctx.sentIds.get(message.key.id)) continue;
      const normalized = await normalizeMessage(ctx, message, false);
      if (normalized) await ctx.io.inbound(normalized);
    }
    return taken;
  }

  function pump(): void {
    if (timer || !queue.length) return;
    const wait = Math.max(0, nextAllowed - Date.now());
    timer = setTimeout(() => {
      timer = null;
      const next = queue.shift();
      const sock = ctx.socket();
      if (!next || !sock || fetches >= options.maxFetches) {
        queue = [];
        return;
      }
      fetches++;
      nextAllowed = Date.now() + options.paceMs;
      sock
        .fetchMessageHistory(options.pageSize, next.key, next.at)
        .then((requestId) => {
          // Bounded: the oldest request forgotten first (its recovery, unanswered, is asked again at the next open).
          if (requests.size >= options.maxFetches) requests.delete(requests.keys().next().value!);
          requests.set(requestId, fetchId(next));
        })
        .catch((err: unknown) => ctx.io.log.warn({ err, chat: next.chat }, 'whatsapp on-demand history request failed'))
        .finally(pump);
    }, wait);
    timer.unref?.();
  }

  function ask(fetch: Fetch): void {
    const id = fetchId(fetch);
    if (asked.has(id) || fetches + queue.length >= options.maxFetches) return;
    asked.add(id);
    unanswered.set(id, fetch);
    persist();
    queue.push(fetch);
    pump();
  }

  /**
   * The oldest message of each chat above its floor: the next on-demand request reaches below it,
   * unless the batch already reached the floor (it holds an older message of that chat).
   */
  async function askBelow(messages: WAMessage[], full: (chat: string) => boolean): Promise<void> {
    const oldest = new Map<string, WAMessage>();
    const reached = new Set<string>();
    for (const message of messages) {
      const chat = normalizeJid(message.key.remoteJid ?? '');
      if (!(await aboveFloor(message))) {
        reached.add(chat);
        continue;
      }
      const known = oldest.get(chat);
      if (!known || timestampMs(message) < timestampMs(known)) oldest.set(chat, message);
    }
    for (const [chat, message] of oldest) {
      if (reached.has(chat) || !full(chat)) continue;
      ask({ chat, key: message.key, at: timestampMs(message) });
    }
  }

  return {
    /** The socket opened: floors are read again; gaps count only when the connection was online before. */
    async onOpen(): Promise<void> {
      this.stop();
      // A chat whose recovery the drop cut short keeps its floor: what was stored meanwhile is above the gap.
      // This session's own (a socket reopened) and those an earlier session of the connection saved.
      await saving;
      const carried = new Map<string, Promise<Floor>>();
      for (const { chat } of unanswered.values()) {
        const floor = floors.get(chat);
        if (floor) carried.set(chat, floor);
      }
      const saved = await ctx.io.authState.get<PendingRecovery[]>(PENDING_RECOVERIES.category, PENDING_RECOVERIES.id);
      for (const pending of Array.isArray(saved) ? saved : []) {
        if (!pending?.chat || !pending.key?.id || unanswered.has(fetchId(pending))) continue;
        unanswered.set(fetchId(pending), { chat: pending.chat, key: pending.key, at: pending.at });
        // Each of a chat's recoveries was saved with the chat's floor of its session: the lowest covers them all.
        const floor = pending.floor ?? null;
        const known = carried.has(pending.chat) ? await carried.get(pending.chat) : undefined;
        if (known === undefined || (floor && (!known || floor.at < known.at))) carried.set(pending.chat, Promise.resolve(floor));
      }
      floors = carried;
      asked.clear();
      fetches = 0;
      const stored = await ctx.io.authState.get<number>(LAST_ONLINE.category, LAST_ONLINE.id);
      lastOnline = typeof stored === 'number' ? stored : null;
      mark = await ctx.io.storedMark?.();
      await this.markOnline();
      // A recovery cut short by the drop goes on from where it was.
      const again = [...unanswered.values()];
      unanswered.clear();
      for (const fetch of again) ask(fetch);
    },
    async markOnline(): Promise<void> {
      await ctx.io.authState.set([{ ...LAST_ONLINE, value: Date.now() }]);
    },
    /**
     * A history sync (recent chunk, on-demand answer, bootstrap): messages above their floor are
     * ingested live and left out of what the import sees; chats newer on the phone get a request.
     */
    async onHistory(event: BaileysEventMap['messaging-history.set']): Promise<WAMessage[]> {
      const taken = await ingestAbove(event.messages);
      const onDemand = event.syncType === proto.HistorySync.HistorySyncType.ON_DEMAND;
      if (onDemand) {
        // Only the request this answers is done; another recovery of the same chat is still open.
        const answered = event.peerDataRequestSessionId ? requests.get(event.peerDataRequestSessionId) : undefined;
        if (answered && unanswered.delete(answered)) persist();
      }
      const perChat = new Map<string, number>();
      for (const message of event.messages) {
        const chat = normalizeJid(message.key.remoteJid ?? '');
        perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
      }
      // An answer as long as asked for may have more below it; a recent chunk's chats all may.
      await askBelow(event.messages, (chat) => !onDemand || (perChat.get(chat) ?? 0) >= options.pageSize);
      // A chat whose messages came along was handled above; the others are known by their newest message.
      await this.onChats(event.chats.filter((chat) => !perChat.has(normalizeJid(chat.id ?? ''))));
      return event.messages.filter((m) => !taken.has(m));
    },
    /** Chats whose newest message (the one the chat carries) is above the floor and was never seen here. */
    async onChats(chats: Partial<Chat>[]): Promise<void> {
      for (const chat of chats) {
        const newest = chat.messages?.[0]?.message as WAMessage | undefined;
        if (!chat.id || !newest?.key?.id) continue;
        const message: WAMessage = { ...newest, key: { ...newest.key, remoteJid: newest.key.remoteJid ?? chat.id } };
        if (!(await aboveFloor(message))) continue;
        // The anchor itself too: a chats.upsert outside a history sync carries a message nothing else did.
        await ingestAbove([message]);
        ask({ chat: normalizeJid(chat.id), key: message.key, at: timestampMs(message) });
      }
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      queue = [];
    },
    /** Waits for the pending recoveries to be written: the next session (a reconnect builds a new one) reads them. */
    async flush(): Promise<void> {
      await saving;
    },
  };
}

export type GapRecovery = ReturnType<typeof createGapRecovery>;
