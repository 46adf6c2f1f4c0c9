import { isJidGroup, isLidUser, isPnUser, jidDecode, jidNormalizedUser } from '@whiskeysockets/baileys';
import type { ChannelPeer } from '@guiche/core';

export const PN_SERVER = '@s.whatsapp.net';

/** `5511999990000:3@s.whatsapp.net` → `5511999990000@s.whatsapp.net` (device part dropped). */
export const normalizeJid = (jid: string): string => jidNormalizedUser(jid) || jid;

export const isPhoneJid = (jid: string | null | undefined): jid is string => Boolean(jid && isPnUser(jid));
export const isLidJid = (jid: string | null | undefined): jid is string => Boolean(jid && isLidUser(jid));
export const isGroupJid = (jid: string | null | undefined): jid is string => Boolean(jid && isJidGroup(jid));

/** The phone digits of a phone-number jid. */
export const digitsOf = (jid: string): string => jidDecode(jid)?.user ?? jid.replace(/\D/g, '');

export const phoneJid = (digits: string): string => `${digits.replace(/\D/g, '')}${PN_SERVER}`;

/** Conversations the inbox never shows: status broadcasts, newsletters, broadcast lists. */
export function isIgnoredChat(jid: string | null | undefined): boolean {
  if (!jid) return true;
  return jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter');
}

/**
 * The jid a stored peer is addressed at: a group's jid, a jid given as is, phone digits on the
 * phone-number server, or the LID alias when the person is only known by it.
 */
export function jidOfPeer(peer: ChannelPeer): string | null {
  const id = peer.id?.trim() ?? '';
  if (id.includes('@')) return id;
  if (peer.isGroup && id) return `${id}@g.us`;
  const digits = (peer.number || id).replace(/\D/g, '');
  if (digits.length >= 8) return phoneJid(digits);
  if (peer.lid) return peer.lid.includes('@') ? peer.lid : `${peer.lid}@lid`;
  return null;
}
