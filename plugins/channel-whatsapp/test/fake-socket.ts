import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  WAMessageStatus,
  bytesToCrockford,
  proto,
  type AnyMessageContent,
  type BaileysEventEmitter,
  type BaileysEventMap,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
} from '@whiskeysockets/baileys';
import type { MediaDownloader, SocketFactory, WhatsappSocket, WhatsappSocketConfig } from '../src/socket.js';

/** The error Baileys puts in lastDisconnect: a Boom whose output.statusCode is the DisconnectReason. */
export class FakeBoom extends Error {
  readonly isBoom = true;
  readonly output: { statusCode: number; payload: { statusCode: number; error: string; message: string } };
  constructor(message: string, statusCode: number) {
    super(message);
    this.output = { statusCode, payload: { statusCode, error: message, message } };
  }
}

/** An HTTP failure of a media download, as Baileys' downloader throws it (status on the error). */
export class DownloadError extends Error {
  constructor(readonly status: number) {
    super(`download failed with ${status}`);
  }
}

let ids = 0;
export const nextId = (): string => `3EB0${(++ids).toString(16).toUpperCase().padStart(16, '0')}`;

/** The account the fake phone links: its jid (device 7) and LID. */
export const OWN_USER: Contact = { id: '5511900000000:7@s.whatsapp.net', lid: '190000000000001:7@lid', name: 'Company' };

/** A media message as Baileys builds it after uploading the file (encrypted copy on the CDN, its keys and hashes). */
function uploadedMedia(data: Buffer, fields: Record<string, unknown>): Record<string, unknown> {
  const path = `/v/t62.7118-24/${randomBytes(8).toString('hex')}.enc`;
  return {
    url: `https://mmg.whatsapp.net${path}`,
    directPath: path,
    mediaKey: randomBytes(32),
    fileSha256: createHash('sha256').update(data).digest(),
    fileEncSha256: randomBytes(32),
    fileLength: data.length,
    mediaKeyTimestamp: Math.floor(Date.now() / 1000),
    ...fields,
  };
}

/** The proto message Baileys answers sendMessage with, for the content kinds the session sends. */
function sentMessage(content: AnyMessageContent): proto.IMessage {
  const c = content as Record<string, any>;
  const caption = c.caption ? { caption: c.caption } : {};
  if (c.edit) return { protocolMessage: { key: c.edit, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: { conversation: c.text } } };
  if (c.delete) return { protocolMessage: { key: c.delete, type: proto.Message.ProtocolMessage.Type.REVOKE } };
  if ('text' in c) return { extendedTextMessage: { text: c.text } };
  if ('react' in c) return { reactionMessage: c.react };
  if ('image' in c) return { imageMessage: uploadedMedia(c.image, { mimetype: c.mimetype ?? 'image/jpeg', ...caption }) };
  if ('video' in c) return { videoMessage: uploadedMedia(c.video, { mimetype: c.mimetype ?? 'video/mp4', ...caption, ...(c.gifPlayback ? { gifPlayback: true } : {}) }) };
  if ('audio' in c) return { audioMessage: uploadedMedia(c.audio, { mimetype: c.mimetype, ptt: Boolean(c.ptt) }) };
  if ('document' in c) return { documentMessage: uploadedMedia(c.document, { mimetype: c.mimetype, fileName: c.fileName, ...caption }) };
  if ('location' in c) return { locationMessage: c.location };
  if ('contacts' in c) return { contactMessage: c.contacts.contacts[0] };
  return { conversation: '' };
}

/**
 * A Baileys socket without a network: events are emitted on `ev` with Baileys' own shapes (types
 * from the package), and every method the session calls is recorded. sendMessage answers like
 * Baileys does (a WAMessage with our key, PENDING) and echoes the message as an 'append' upsert.
 */
export class FakeSocket implements WhatsappSocket {
  readonly emitter = new EventEmitter();
  readonly ev = this.emitter as unknown as BaileysEventEmitter;
  user?: Contact;
  ended = 0;
  loggedOut = 0;
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly lookups: string[][] = [];
  readonly pictures: string[] = [];
  readonly groupQueries: string[] = [];
  readonly pairingRequests: string[] = [];
  /** The last pairing code handed out (what the phone must type). */
  pairingCode?: string;
  readonly rejected: { id: string; from: string }[] = [];
  readonly reuploads: WAMessage[] = [];
  readonly historyRequests: { chat: string; id: string; count: number }[] = [];
  /** On-demand history requests are taken but not answered (the phone is slow; the socket drops first); answerHeld answers one. */
  holdHistory = false;
  private readonly heldAnswers = new Map<string, { anchorId: string; emit: () => void }>();
  /** Numbers WhatsApp knows: digits → the jid it answers with. */
  readonly registered: Map<string, string>;
  readonly groups: Map<string, GroupMetadata>;

  constructor(
    readonly config: WhatsappSocketConfig,
    private readonly world?: FakeWhatsapp,
  ) {
    this.registered = world?.registered ?? new Map();
    this.groups = world?.groups ?? new Map();
  }

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]): void {
    this.emitter.emit(event, arg);
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    this.sent.push({ jid, content, options });
    this.world?.outbox.push({ jid, content, options });
    const id = options?.messageId ?? nextId();
    // The recipient's devices take a message id they already have as the same message.
    if (this.world && !this.world.phone.has(id)) this.world.phone.set(id, { jid, content });
    const message = proto.Message.fromObject(sentMessage(content));
    const sent: WAMessage = { key: { remoteJid: jid, fromMe: true, id }, message, messageTimestamp: Math.floor(Date.now() / 1000), status: WAMessageStatus.PENDING };
    setImmediate(() => this.emit('messages.upsert', { messages: [sent], type: 'append' }));
    return sent;
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.reads.push(keys);
  }

  async onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[]> {
    this.lookups.push(numbers);
    return numbers.map((n) => {
      const jid = this.registered.get(n.replace(/\D/g, ''));
      return { jid: jid ?? `${n}@s.whatsapp.net`, exists: Boolean(jid) };
    });
  }

  async profilePictureUrl(jid: string): Promise<string | undefined> {
    this.pictures.push(jid);
    return `https://pps.whatsapp.net/v/${jid.split('@')[0]}.jpg`;
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    this.groupQueries.push(jid);
    const metadata = this.groups.get(jid);
    if (!metadata) throw new FakeBoom('item-not-found', 404);
    return metadata;
  }

  /** Like Baileys: an 8-character Crockford code, and the number written into the creds before the phone typed anything. */
  async requestPairingCode(phoneNumber: string, customPairingCode?: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    const code = customPairingCode ?? bytesToCrockford(randomBytes(5));
    const creds = this.config.auth.creds;
    creds.pairingCode = code;
    creds.me = { id: `${phoneNumber}@s.whatsapp.net`, name: '~' };
    this.pairingCode = code;
    this.emit('creds.update', creds);
    return code;
  }

  async rejectCall(id: string, from: string): Promise<void> {
    this.rejected.push({ id, from });
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    this.reuploads.push(message);
    const content = proto.Message.fromObject(JSON.parse(JSON.stringify(message.message ?? {})));
    const media = content.imageMessage ?? content.documentMessage ?? content.audioMessage ?? content.videoMessage;
    if (media) media.directPath = `${media.directPath ?? ''}?reuploaded`;
    return { ...message, message: content };
  }

  async sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void> {
    this.world?.presences.push({ jid: toJid ?? '', type });
  }

  /** The chats this socket's phone holds: its own line's when the world has several phones, else the world's. */
  private heldChats(): Map<string, WAMessage[]> | undefined {
    const me = this.config.auth.creds.me?.id;
    return (me && this.world?.lines.get(me)) || this.world?.chats;
  }

  /**
   * Like WhatsApp answering a historySyncOnDemandRequest: up to `count` messages of the chat older
   * than the given one, from what the phone holds, as a messaging-history.set of type ON_DEMAND.
   */
  async fetchMessageHistory(count: number, oldestMsgKey: WAMessageKey, oldestMsgTimestamp: number): Promise<string> {
    const chat = oldestMsgKey.remoteJid ?? '';
    this.historyRequests.push({ chat, id: oldestMsgKey.id ?? '', count });
    const held = this.heldChats()?.get(chat) ?? [];
    const anchor = held.findIndex((m) => m.key.id === oldestMsgKey.id);
    const older = (anchor >= 0 ? held.slice(0, anchor) : held.filter((m) => Number(m.messageTimestamp) * 1000 < oldestMsgTimestamp)).slice(-count);
    const requestId = nextId();
    const emit = () =>
      this.emit('messaging-history.set', {
        chats: [],
        contacts: [],
        messages: older,
        syncType: proto.HistorySync.HistorySyncType.ON_DEMAND,
        peerDataRequestSessionId: requestId,
        isLatest: false,
        progress: null,
      });
    if (this.holdHistory) this.heldAnswers.set(requestId, { anchorId: oldestMsgKey.id ?? '', emit });
    else setImmediate(emit);
    return requestId;
  }

  /** The phone answers, now, the held on-demand request anchored at this message id. */
  answerHeld(anchorId: string): void {
    const entry = [...this.heldAnswers].find(([, held]) => held.anchorId === anchorId);
    if (!entry) throw new Error(`no held history request anchored at ${anchorId}`);
    this.heldAnswers.delete(entry[0]);
    entry[1].emit();
  }

  /**
   * The recent-history chunk WhatsApp sends on reconnection: each chat with its newest message, and
   * the last `perChat` messages of each chat (contiguous, as the phone holds them).
   */
  recentHistory(chats: string[], perChat: number): WAMessage[] {
    const held = this.heldChats();
    const messages = chats.flatMap((id) => held?.get(id)?.slice(-perChat) ?? []);
    const chatEntries = chats.map((id) => {
      const newest = held?.get(id)?.at(-1);
      return { id, conversationTimestamp: newest ? Number(newest.messageTimestamp) : undefined, messages: newest ? [{ message: newest }] : [] };
    });
    this.emit('messaging-history.set', {
      chats: chatEntries as never,
      contacts: [],
      messages,
      syncType: proto.HistorySync.HistorySyncType.RECENT,
      isLatest: false,
      progress: null,
    });
    return messages;
  }

  async logout(): Promise<void> {
    this.loggedOut++;
  }

  end(): void {
    this.ended++;
  }

  // ---- The phone's side, in Baileys' event shapes ----

  showQr(qr: string): void {
    this.emit('connection.update', { qr });
  }

  /**
   * The phone typed the pairing code: WhatsApp confirms it (registered), sends pair-success (the
   * account in the creds, a new login) and closes with 515 for the restart that opens the session.
   */
  typePairingCode(typed: string, user: Contact = OWN_USER): void {
    const creds = this.config.auth.creds;
    if (!creds.pairingCode || typed.replace(/\W/g, '').toUpperCase() !== creds.pairingCode) throw new Error(`the phone refuses the code ${typed}`);
    creds.registered = true;
    this.emit('creds.update', creds);
    this.emit('creds.update', { me: { id: user.id, name: user.name, ...(user.lid ? { lid: user.lid } : {}) }, platform: 'android' });
    this.emit('connection.update', { isNewLogin: true, qr: undefined });
    this.close(515);
  }

  open(user: Contact = OWN_USER): void {
    this.user = user;
    this.emit('connection.update', { connection: 'open', receivedPendingNotifications: true });
  }

  close(statusCode: number): void {
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error: new FakeBoom('Connection Failure', statusCode) as never, date: new Date() } });
  }

  receive(messages: WAMessage | WAMessage[], type: 'notify' | 'append' = 'notify'): void {
    this.emit('messages.upsert', { messages: Array.isArray(messages) ? messages : [messages], type });
  }
}

/** The fake WhatsApp a test talks to: every socket the session created, and a stubbed media download. */
export class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: ((item: T) => void)[] = [];
  push(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }
  take(timeout = 15000): Promise<T> {
    const ready = this.items.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('nothing arrived at the fake WhatsApp')), timeout);
      this.waiters.push((item) => {
        clearTimeout(timer);
        resolve(item);
      });
    });
  }
}

export class FakeWhatsapp {
  readonly sockets: FakeSocket[] = [];
  readonly registered = new Map<string, string>();
  readonly groups = new Map<string, GroupMetadata>();
  /** What the contacts' phones show: one entry per message id, however often it was sent. */
  readonly phone = new Map<string, { jid: string; content: AnyMessageContent }>();
  /** Every sendMessage of every socket, in order. */
  readonly outbox = new Inbox<{ jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }>();
  readonly created = new Inbox<FakeSocket>();
  /** Every sendPresenceUpdate of every socket ("typing…" shown to a chat), in order. */
  readonly presences = new Inbox<{ jid: string; type: WAPresence }>();
  /** Like WhatsApp with stored creds: a socket whose creds are paired opens by itself. */
  autoOpen = false;
  /** Bytes per media directPath; a number is the HTTP status the download fails with. */
  readonly media = new Map<string, Buffer | number>();
  readonly downloads: string[] = [];
  /** Every message each chat holds on the phone, oldest first (what on-demand history answers from). */
  readonly chats = new Map<string, WAMessage[]>();
  /** With several phones (connections) in one world: each account's (creds.me.id) own chats. */
  readonly lines = new Map<string, Map<string, WAMessage[]>>();

  /** A message reaches the phone (whether or not a socket is there to hear it). */
  phoneReceives(message: WAMessage): WAMessage {
    const chat = message.key.remoteJid ?? '';
    const held = this.chats.get(chat) ?? [];
    held.push(message);
    this.chats.set(chat, held);
    return message;
  }

  readonly factory: SocketFactory = (config) => {
    const socket = new FakeSocket(config, this);
    this.sockets.push(socket);
    this.created.push(socket);
    if (this.autoOpen && config.auth.creds.me?.id) setImmediate(() => socket.open({ id: config.auth.creds.me!.id, name: 'Company' }));
    return socket;
  };

  readonly download: MediaDownloader = async (message) => {
    const content = message.message ?? {};
    const media = content.imageMessage ?? content.videoMessage ?? content.audioMessage ?? content.documentMessage ?? content.stickerMessage;
    const path = media?.directPath ?? '';
    this.downloads.push(path);
    const found = this.media.get(path);
    if (found === undefined) throw new DownloadError(404);
    if (typeof found === 'number') throw new DownloadError(found);
    return found;
  };

  get socket(): FakeSocket {
    const last = this.sockets.at(-1);
    if (!last) throw new Error('no socket was created');
    return last;
  }
}
