import { proto, type BaileysEventMap } from '@whiskeysockets/baileys';
import type { ChannelPeer, ChannelSession, ConnectionInfo, OutboundMessage, SendResult, SessionIO, SessionStatus } from '@guiche/core';
import { loadAuthState, type DatabaseAuthState } from './auth-state.js';
import { onCalls } from './calls.js';
import { ChatList } from './chat-list.js';
import { BAD_SESSION_MARK, META, closeCode, disconnectAction } from './disconnect.js';
import { GroupCache } from './groups.js';
import { importWindow } from './history.js';
import { createHistoryImporter } from './history-import.js';
import { onContacts, onPresence, onReactions, onReceipts, onUpdate, onUpsert, type InboundContext } from './inbound.js';
import { digitsOf, isLidJid, isPhoneJid, jidOfPeer, normalizeJid, phoneJid } from './jid.js';
import { LidMap } from './lid-map.js';
import { createGapRecovery, type GapOptions } from './gap.js';
import { outboundMessageId } from './message-id.js';
import { BoundedCache } from './lru.js';
import { keyOf, messageForRetry, outboundContent, plainMessage, quotedMessage, type WhatsappOutbound } from './outbound.js';
import { forgetUnusedPairing, isPaired } from './pairing.js';
import type { MediaDownloader, SocketFactory, WhatsappSocket } from './socket.js';

/** QR codes shown before the session gives up and reports DISCONNECTED (a new QR is asked for by a person). */
export const QR_LIMIT = 5;
const SENT_CACHE = 500;
const GAP_SYNC_TYPES: number[] = [proto.HistorySync.HistorySyncType.RECENT, proto.HistorySync.HistorySyncType.ON_DEMAND];
const NAME_CACHE = 5000;
const ACCEPTED_JID_CACHE = 5000;

export interface WhatsappDeps {
  socketFactory: SocketFactory;
  download: MediaDownloader;
  /** Bytes of a stored file (core storage path) for outbound media. */
  readMedia(path: string): Promise<Buffer>;
  /** The company setting acceptCallWhatsapp. */
  acceptCalls(companyId: number): Promise<boolean>;
  qrLimit?: number;
  /** Gap recovery's paging and pacing (tests shorten the pace). */
  gap?: GapOptions;
}

export interface WhatsappSession extends ChannelSession {
  /** People of the phone's address book this session learnt (contacts import). */
  contacts(): ChannelPeer[];
  /** People the phone has one-to-one chats with, newest first (chats import). */
  chats(): ChannelPeer[];
}

/**
 * One WhatsApp connection's Baileys session. Its events are handled one at a time, in arrival
 * order (one promise chain), so a close is reported only after the messages that preceded it
 * were handed to core, and creds are saved before the restart that follows a pairing.
 */
export function createWhatsappSession(connection: ConnectionInfo, io: SessionIO, deps: WhatsappDeps): WhatsappSession {
  const qrLimit = deps.qrLimit ?? QR_LIMIT;
  // A mapping learnt without a message still joins the person's contacts in core.
  const lids = new LidMap(io.authState, (digits, lid) =>
    io.identity?.(digits, lid).catch((err: unknown) => io.log.warn({ err, connectionId: connection.id }, 'whatsapp identity not unified')),
  );
  const names = new BoundedCache<string, string>(NAME_CACHE);
  const chatList = new ChatList();
  const sent = new BoundedCache<string, proto.IMessage>(SENT_CACHE);
  const sentIds = new BoundedCache<string, true>(SENT_CACHE * 2);
  const accepted = new BoundedCache<string, string>(ACCEPTED_JID_CACHE);
  let sock: WhatsappSocket | null = null;
  let auth: DatabaseAuthState | null = null;
  let chain: Promise<void> = Promise.resolve();
  let ended = false;
  let qrCount = 0;
  let pairing = false;
  let openedAt: Date | null = null;
  let lastStatus: SessionStatus | null = null;

  const groups = new GroupCache(async (jid) => {
    if (!sock) throw new Error('whatsapp socket closed');
    const metadata = await sock.groupMetadata(jid);
    for (const p of metadata.participants ?? []) await lids.learn(p.id, p.phoneNumber ?? p.lid);
    return metadata;
  });

  const ctx: InboundContext = {
    io,
    lids,
    groups,
    names,
    sentIds,
    download: deps.download,
    socket: () => sock,
    openedAt: () => openedAt,
    importWindow: importWindow(connection),
  };
  // The import's state is stored beside the current status (the connections page shows 'preparing', then the close button).
  const history = createHistoryImporter(ctx, (statusImportMessages) => status(lastStatus ?? 'CONNECTED', { statusImportMessages }));
  const gaps = createGapRecovery(ctx, deps.gap);

  async function status(next: SessionStatus, extra?: Parameters<SessionIO['status']>[1]): Promise<void> {
    lastStatus = next;
    await io.status(next, extra);
  }

  /** Runs an event handler of the current socket after the ones before it; a late event of an old socket is dropped. */
  function handle<E extends keyof BaileysEventMap>(owner: WhatsappSocket, event: E, handler: (arg: BaileysEventMap[E]) => Promise<void> | void): void {
    owner.ev.on(event, (arg) => {
      chain = chain
        .then(async () => {
          if (ended || sock !== owner) return;
          await handler(arg);
        })
        .catch((err: unknown) => io.log.error({ err, event, connectionId: connection.id }, 'whatsapp event failed'));
    });
  }

  /** This socket is done: later events of it are ignored and it is closed. */
  function release(): WhatsappSocket | null {
    const current = sock;
    sock = null;
    return current;
  }

  async function giveUpOnQr(): Promise<void> {
    const current = release();
    await Promise.resolve(current?.end(undefined)).catch(() => undefined);
    await status('DISCONNECTED');
    io.disconnected({ action: 'stop', message: 'qr retries exhausted' });
  }

  async function onConnection(update: BaileysEventMap['connection.update']): Promise<void> {
    if (update.qr) {
      if (pairing) return;
      qrCount++;
      if (qrCount > qrLimit) return giveUpOnQr();
      await status('qrcode', { qrcode: update.qr, retries: qrCount });
    }
    if (update.connection === 'connecting' && lastStatus !== 'OPENING' && lastStatus !== 'qrcode' && lastStatus !== 'PAIRING') {
      await status('OPENING');
    }
    if (update.connection === 'open') return onOpen();
    if (update.connection === 'close') return onClose(update.lastDisconnect?.error);
  }

  async function onOpen(): Promise<void> {
    openedAt = new Date();
    qrCount = 0;
    pairing = false;
    const me = sock?.user;
    if (me?.id && me.lid) await lids.learn(me.id, me.lid);
    await gaps.onOpen();
    await io.authState.set([{ category: META, id: BAD_SESSION_MARK, value: null }]);
    await status('CONNECTED', me?.id ? { number: digitsOf(normalizeJid(me.id)) } : {});
  }

  async function onClose(error: unknown): Promise<void> {
    const code = closeCode(error);
    const badSessionBefore = (await io.authState.get(META, BAD_SESSION_MARK)) !== null;
    const { clearAuth, ...info } = disconnectAction(code, { paired: isPaired(auth?.state.creds), badSessionBefore });
    const current = release();
    await Promise.resolve(current?.end(undefined)).catch(() => undefined);
    gaps.stop();
    await gaps.flush();
    if (openedAt) await gaps.markOnline();
    // A pairing code nobody typed left a number in the creds: the next start must show QR codes again.
    if (auth && !clearAuth && forgetUnusedPairing(auth.state.creds)) await auth.saveCreds();
    if (clearAuth) {
      // Recover from a corrupt session once: start over with a fresh pairing; a second one stops.
      await io.authState.clear();
      await io.authState.set([{ category: META, id: BAD_SESSION_MARK, value: { at: new Date().toISOString() } }]);
    }
    if (info.action === 'stop') await status('DISCONNECTED');
    if (info.action === 'reconnect') await status('OPENING');
    io.log.info({ connectionId: connection.id, ...info }, 'whatsapp connection closed');
    io.disconnected(info);
  }

  function wire(owner: WhatsappSocket): void {
    handle(owner, 'connection.update', onConnection);
    handle(owner, 'creds.update', async (update) => {
      if (!auth) return;
      Object.assign(auth.state.creds, update);
      await auth.saveCreds();
    });
    handle(owner, 'messages.upsert', (event) => onUpsert(ctx, event));
    handle(owner, 'messages.update', (updates) => onUpdate(ctx, updates));
    handle(owner, 'message-receipt.update', (receipts) => onReceipts(ctx, receipts));
    handle(owner, 'messages.reaction', (reactions) => onReactions(ctx, reactions));
    handle(owner, 'presence.update', (event) => onPresence(ctx, event));
    handle(owner, 'contacts.upsert', (contacts) => onContacts(ctx, contacts));
    handle(owner, 'contacts.update', (contacts) => onContacts(ctx, contacts));
    handle(owner, 'groups.update', (changes) => changes.forEach((c) => groups.update(c)));
    handle(owner, 'groups.upsert', (changes) => changes.forEach((c) => groups.update(c)));
    handle(owner, 'lid-mapping.update', ({ lid, pn }) => lids.learn(lid, pn));
    handle(owner, 'chats.upsert', (chats) => {
      chatList.learn(chats);
      return gaps.onChats(chats);
    });
    handle(owner, 'chats.update', (chats) => {
      chatList.learn(chats);
      return gaps.onChats(chats);
    });
    handle(owner, 'messaging-history.set', async (event) => {
      chatList.learn(event.chats);
      // What came after the last stored message of each chat is live; the rest is the import's.
      const rest = await gaps.onHistory(event);
      return history.onHistory({ ...event, messages: rest });
    });
    handle(owner, 'messaging-history.status', (event) => history.onStatus(event));
    handle(owner, 'call', (calls) => onCalls(ctx, owner, calls, () => deps.acceptCalls(connection.companyId)));
  }

  function ready(): WhatsappSocket {
    if (!sock || !openedAt) throw new Error('ERR_WAPP_NOT_INITIALIZED');
    return sock;
  }

  /** The jid WhatsApp accepts for a peer: a number is checked once (onWhatsApp) and the answer cached. */
  async function jidFor(peer: ChannelPeer): Promise<string> {
    const jid = jidOfPeer(peer);
    if (!jid) throw new Error('ERR_WAPP_INVALID_CONTACT');
    if (!isPhoneJid(jid)) return jid;
    const digits = digitsOf(jid);
    const known = accepted.get(digits);
    if (known) return known;
    const [result] = (await ready().onWhatsApp(digits)) ?? [];
    const resolved = result?.exists && result.jid ? normalizeJid(result.jid) : jid;
    if (isLidJid(resolved)) await lids.learn(resolved, jid);
    accepted.set(digits, resolved);
    return resolved;
  }

  /**
   * Sends with an id chosen here, so the echo Baileys emits of our own message is recognised, and
   * (with a wire key) so that a resend of the same row after a crash is the same message.
   */
  async function sendOwn(jid: string, content: Parameters<WhatsappSocket['sendMessage']>[1], options: Parameters<WhatsappSocket['sendMessage']>[2] = {}, wireKey?: string) {
    const socket = ready();
    const messageId = outboundMessageId(socket.user?.id && normalizeJid(socket.user.id), wireKey);
    sentIds.set(messageId, true);
    const result = await socket.sendMessage(jid, content, { ...options, messageId });
    if (!result?.key?.id) throw new Error('whatsapp send returned no message');
    if (result.key.id !== messageId) sentIds.set(result.key.id, true);
    if (result.message) sent.set(result.key.id, result.message);
    return result;
  }

  return {
    async start() {
      ended = false;
      qrCount = 0;
      pairing = false;
      openedAt = null;
      auth = await loadAuthState(io.authState, io.log);
      // Stopped (restart, another node) while a pairing code was still unused: start over with QR codes.
      if (forgetUnusedPairing(auth.state.creds)) await auth.saveCreds();
      await status('OPENING');
      const window = ctx.importWindow;
      const owner = deps.socketFactory({
        auth: auth.state,
        logger: io.log,
        getMessage: async (key) => (key.id ? messageForRetry(io, sent, key.id) : undefined),
        cachedGroupMetadata: async (jid) => groups.cached(jid),
        syncFullHistory: Boolean(window),
        // The recent chunk and on-demand answers carry what arrived while disconnected (gap recovery).
        shouldSyncHistoryMessage: (notification) => Boolean(window) || GAP_SYNC_TYPES.includes(notification.syncType ?? -1),
      });
      sock = owner;
      wire(owner);
    },

    async stop() {
      ended = true;
      gaps.stop();
      const current = release();
      await Promise.resolve(current?.end(undefined)).catch(() => undefined);
    },

    async logout() {
      ended = true;
      const current = release();
      // Unlinks this device on the phone; the runtime clears the stored auth state.
      await current?.logout().catch((err: unknown) => io.log.warn({ err }, 'whatsapp logout failed'));
      await Promise.resolve(current?.end(undefined)).catch(() => undefined);
    },

    async send(message: OutboundMessage): Promise<SendResult> {
      const jid = await jidFor(message.to);
      const content = await outboundContent(message as WhatsappOutbound, deps.readMedia);
      const quoted = message.quotedWid ? await quotedMessage(io, sent, jid, message.quotedWid) : undefined;
      const result = await sendOwn(jid, content, quoted ? { quoted } : {}, message.wireKey);
      // Stored in messages.data: getMessage answers a retry with it after a restart (media included).
      return { wid: result.key.id as string, ack: 1, ...(result.message ? { data: { message: plainMessage(result.message) } } : {}) };
    },

    async edit(to, wid, body) {
      const jid = await jidFor(to);
      await sendOwn(jid, { text: body, edit: { remoteJid: jid, id: wid, fromMe: true } });
    },

    async delete(to, wid) {
      const jid = await jidFor(to);
      await sendOwn(jid, { delete: await keyOf(io, jid, wid) });
    },

    async react(to, wid, emoji) {
      const jid = await jidFor(to);
      await sendOwn(jid, { react: { text: emoji, key: await keyOf(io, jid, wid) } });
    },

    async markRead(to, wids) {
      if (!wids.length) return;
      const jid = await jidFor(to);
      // Group receipts name the author of each message; one-to-one chats need no lookup.
      const keys = to.isGroup ? await Promise.all(wids.map((wid) => keyOf(io, jid, wid))) : wids.map((id) => ({ remoteJid: jid, id, fromMe: false }));
      await ready().readMessages(keys.map((k) => ({ ...k, fromMe: false })));
    },

    async showPresence(to, state) {
      await ready().sendPresenceUpdate(state, await jidFor(to));
    },

    async checkNumber(number) {
      const digits = number.replace(/\D/g, '');
      if (digits.length < 8) return null;
      const [result] = (await ready().onWhatsApp(digits)) ?? [];
      if (!result?.exists || !result.jid) return null;
      const jid = normalizeJid(result.jid);
      accepted.set(digits, jid);
      if (isLidJid(jid)) {
        await lids.learn(jid, phoneJid(digits));
        return digits;
      }
      return digitsOf(jid);
    },

    async profile(peer) {
      const jid = jidOfPeer(peer);
      if (!jid) return {};
      const pictureUrl = await ready()
        .profilePictureUrl(jid, 'image')
        .catch(() => undefined);
      const name = names.get(normalizeJid(jid));
      return { ...(name ? { name } : {}), ...(pictureUrl ? { pictureUrl } : {}) };
    },

    async requestPairingCode(number) {
      const socket = sock;
      if (!socket) throw new Error('ERR_WAPP_NOT_INITIALIZED');
      // Asking again (a mistyped number) replaces the earlier code; a linked session has nothing to pair.
      if (openedAt || isPaired(auth?.state.creds)) throw new Error('whatsapp session is already paired');
      pairing = true;
      try {
        const code = await socket.requestPairingCode(number.replace(/\D/g, ''));
        await status('PAIRING');
        return code;
      } catch (err) {
        pairing = false;
        throw err;
      }
    },

    contacts() {
      return names
        .entries()
        .filter(([jid]) => isPhoneJid(jid))
        .map(([jid, name]) => ({ id: digitsOf(jid), number: digitsOf(jid), name }));
    },

    chats() {
      return chatList.peers((jid) => names.get(jid));
    },
  };
}
