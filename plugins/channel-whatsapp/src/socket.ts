import makeWASocket, {
  Browsers,
  downloadMediaMessage,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
  type proto,
} from '@whiskeysockets/baileys';
import type { SessionIO } from '@guiche/core';

/** The part of a Baileys socket the session uses: the real WASocket satisfies it, and so does the tests' fake. */
export interface WhatsappSocket {
  ev: BaileysEventEmitter;
  user?: Contact;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image', timeoutMs?: number): Promise<string | undefined>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  requestPairingCode(phoneNumber: string, customPairingCode?: string): Promise<string>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  sendPresenceUpdate(type: WAPresence, toJid?: string): Promise<void>;
  /** On-demand history: up to `count` messages of the key's chat older than that message (answered as messaging-history.set ON_DEMAND). */
  fetchMessageHistory(count: number, oldestMsgKey: WAMessageKey, oldestMsgTimestamp: number): Promise<string>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void | Promise<void>;
}

/** What the session hands the socket factory (a subset of Baileys' UserFacingSocketConfig). */
export interface WhatsappSocketConfig {
  auth: AuthenticationState;
  logger: SessionIO['log'];
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>;
  /** History sync is asked for only when the connection imports old messages. */
  syncFullHistory: boolean;
  shouldSyncHistoryMessage(notification: proto.Message.IHistorySyncNotification): boolean;
}

export type SocketFactory = (config: WhatsappSocketConfig) => WhatsappSocket;

/** Downloads an inbound media message's bytes (throws with status 404/410 when WhatsApp dropped it). */
export type MediaDownloader = (message: WAMessage) => Promise<Buffer>;

export const baileysSocketFactory: SocketFactory = (config) =>
  makeWASocket({
    auth: config.auth,
    logger: config.logger as never,
    getMessage: config.getMessage,
    cachedGroupMetadata: config.cachedGroupMetadata,
    syncFullHistory: config.syncFullHistory,
    shouldSyncHistoryMessage: config.shouldSyncHistoryMessage,
    browser: Browsers.ubuntu('Guichê'),
    markOnlineOnConnect: false,
    // The session bounds QR refreshes itself (QR_LIMIT); Baileys' own limit stays above it.
    printQRInTerminal: false,
  });

// The re-upload request is ours (session media.ts), so no ctx is given here.
export const baileysMediaDownloader: MediaDownloader = (message) => downloadMediaMessage(message, 'buffer', {});
