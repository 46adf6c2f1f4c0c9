import type { InfiniteData } from '@tanstack/react-query';
import type { Chat, ChatMessage } from '@guiche/contracts';
import type { Page } from '../api/chats-api';

export type ChatPages = InfiniteData<Page<Chat>>;
export type MessagePages = InfiniteData<Page<ChatMessage>>;

const byNewestUpdate = (a: Chat, b: Chat) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/**
 * Puts a chat received live into the cached list: replaced where it was, or added, then the
 * first page is re-sorted newest first. The payload carries absolute unread counts, so applying
 * the same event twice (it arrives on several channels) changes nothing.
 */
export function upsertChat(data: ChatPages | undefined, chat: Chat): ChatPages | undefined {
  if (!data) return data;
  const exists = data.pages.some((page) => page.records.some((c) => c.id === chat.id));
  if (!exists) {
    const [first, ...rest] = data.pages;
    const firstPage = first ?? { records: [], hasMore: false };
    return { ...data, pages: [{ ...firstPage, records: [chat, ...firstPage.records].sort(byNewestUpdate) }, ...rest] };
  }
  const pages = data.pages.map((page) => ({
    ...page,
    records: page.records.map((c) => (c.id === chat.id ? chat : c)),
  }));
  const moved = isNewerThanTop(pages, chat);
  if (!moved) return { ...data, pages };
  // A chat with fresh activity goes to the top of the list.
  const without = pages.map((page) => ({ ...page, records: page.records.filter((c) => c.id !== chat.id) }));
  const [first, ...rest] = without;
  return { ...data, pages: [{ ...first, records: [chat, ...first.records] }, ...rest] };
}

function isNewerThanTop(pages: Page<Chat>[], chat: Chat): boolean {
  const top = pages[0]?.records[0];
  return !!top && top.id !== chat.id && Date.parse(chat.updatedAt) >= Date.parse(top.updatedAt);
}

export function removeChat(data: ChatPages | undefined, chatId: number): ChatPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, records: page.records.filter((c) => c.id !== chatId) })),
  };
}

export function updateChatInList(
  data: ChatPages | undefined,
  chatId: number,
  update: (chat: Chat) => Chat,
): ChatPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map((c) => (c.id === chatId ? update(c) : c)),
    })),
  };
}

export function flattenChats(data: ChatPages | undefined): Chat[] {
  if (!data) return [];
  const seen = new Set<number>();
  const chats: Chat[] = [];
  for (const page of data.pages) {
    for (const chat of page.records) {
      if (seen.has(chat.id)) continue;
      seen.add(chat.id);
      chats.push(chat);
    }
  }
  return chats;
}

/** Page 1 holds the newest messages; a live message joins it at the end, once. */
export function appendMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, records: [...newest.records, message] }, ...older] };
}

/**
 * Messages in display order, oldest first. Later pages are older; the server pages by offset,
 * so a page fetched after live messages arrived may repeat some: keep each id once.
 */
export function flattenMessages(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<number>();
  const messages: ChatMessage[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.records) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}
