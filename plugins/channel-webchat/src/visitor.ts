import { createHash } from 'node:crypto';

/**
 * A visitor's id (kept in their browser) is their only credential: whoever knows it reads their
 * conversation. So the id agents and the database see (the peer id, the contact's remoteJid) is a
 * one-way digest of it, and the secret never leaves the visitor's browser and this server.
 */
export function peerIdOf(visitorId: string): string {
  return 'v' + createHash('sha256').update(`webchat:${visitorId}`).digest('hex').slice(0, 31);
}

/** The socket.io room of one visitor of one connection (all their tabs, on every node). */
export function visitorRoom(connectionId: number, peerId: string): string {
  return `visitor:${connectionId}:${peerId}`;
}

/** Every visitor socket of one connection, so a logout or a deleted connection can end them. */
export function connectionRoom(connectionId: number): string {
  return `webchat:${connectionId}`;
}

/** A visitor's inbound message id: scoped to the visitor, so one can never collide with another's. */
export function inboundWid(peerId: string, clientId: string): string {
  return `in-${peerId}-${clientId}`;
}

function outboundCheck(messageId: number, peerId: string): string {
  return createHash('sha256').update(`webchat-out:${messageId}:${peerId}`).digest('hex').slice(0, 16);
}

/**
 * An agent message's id: derived from its row, so a resend after a crash carries the same wid (the
 * widget drops the duplicate), and bound to the visitor, so a visitor can acknowledge only
 * messages addressed to them (message ids are guessable; another visitor's peer id is not).
 */
export function outboundWid(messageId: number, peerId: string): string {
  return `out-${messageId}-${outboundCheck(messageId, peerId)}`;
}

/** The message id of an agent message's wid addressed to this visitor, else null. */
export function messageIdOfOutbound(wid: string, peerId: string): number | null {
  const match = /^out-([1-9]\d{0,17})-([0-9a-f]{16})$/.exec(wid);
  if (!match) return null;
  const messageId = Number(match[1]);
  return Number.isSafeInteger(messageId) && outboundCheck(messageId, peerId) === match[2] ? messageId : null;
}

const DEFAULT_NAMES = { pt: 'Visitante', en: 'Visitor', es: 'Visitante', tr: 'Ziyaretçi' } as const;

/** The contact name of a visitor who gave none: "Visitante 3F9A2C". */
export function defaultVisitorName(peerId: string, lang: keyof typeof DEFAULT_NAMES = 'pt'): string {
  return `${DEFAULT_NAMES[lang]} ${peerId.slice(1, 7).toUpperCase()}`;
}
