import { toNumber, type Chat } from '@whiskeysockets/baileys';
import type { ChannelPeer } from '@guiche/core';
import { digitsOf, isPhoneJid, normalizeJid } from './jid.js';
import { BoundedCache } from './lru.js';

const CHAT_LIMIT = 5000;

/**
 * The one-to-one chats the phone has (chats.upsert / chats.update / the history sync's chats), newest
 * first, for POST /contacts/import/chats. A chat known only by its LID counts once its phone number is
 * known (the conversation's pnJid). Groups are not people: left out.
 */
export class ChatList {
  private readonly chats = new BoundedCache<string, { name?: string; at: number }>(CHAT_LIMIT);

  learn(chats: Partial<Chat>[]): void {
    for (const chat of chats) {
      const jid = [chat.id, chat.pnJid].map((j) => (j ? normalizeJid(j) : null)).find(isPhoneJid);
      if (!jid) continue;
      const known = this.chats.get(jid);
      const at = chat.conversationTimestamp ? toNumber(chat.conversationTimestamp) : (chat.lastMessageRecvTimestamp ?? 0);
      const name = chat.name?.trim() || known?.name;
      this.chats.set(jid, { ...(name ? { name } : {}), at: Math.max(at, known?.at ?? 0) });
    }
  }

  peers(nameOf: (jid: string) => string | undefined): ChannelPeer[] {
    return this.chats
      .entries()
      .sort(([, a], [, b]) => b.at - a.at)
      .map(([jid, chat]) => {
        const name = chat.name ?? nameOf(jid);
        return { id: digitsOf(jid), number: digitsOf(jid), ...(name ? { name } : {}) };
      });
  }
}
