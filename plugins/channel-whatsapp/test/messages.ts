import { WAMessageStatus, proto, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import { nextId } from './fake-socket.js';

/** Inbound WAMessages as Baileys hands them over (keys, timestamps in seconds, proto contents). */
export const PHONE = '5511987654321';
export const PHONE_JID = `${PHONE}@s.whatsapp.net`;
export const LID = '201234567890123@lid';
export const GROUP = '120363040000000001@g.us';

const now = () => Math.floor(Date.now() / 1000);

export function waMessage(content: proto.IMessage, key: Partial<WAMessageKey> = {}, extra: Partial<WAMessage> = {}): WAMessage {
  return {
    key: { remoteJid: PHONE_JID, fromMe: false, id: nextId(), ...key },
    message: proto.Message.fromObject(content as Record<string, unknown>),
    messageTimestamp: now(),
    pushName: 'Maria Souza',
    ...extra,
  };
}

export const text = (body: string, key: Partial<WAMessageKey> = {}, extra: Partial<WAMessage> = {}) => waMessage({ conversation: body }, key, extra);

export const media = (kind: 'imageMessage' | 'videoMessage' | 'audioMessage' | 'documentMessage' | 'stickerMessage', fields: Record<string, unknown>, key: Partial<WAMessageKey> = {}) =>
  waMessage({ [kind]: { url: 'https://mmg.whatsapp.net/x', mediaKey: Buffer.from('k'.repeat(32)), directPath: `/v/${nextId()}`, ...fields } }, key);

export const statusOf = WAMessageStatus;
