import type { Chat, ChatMessage } from '@guiche/contracts';
import type { Page, Paged } from '@guiche/web-sdk';

export type ChatPages = Paged<Chat>;
export type MessagePages = Paged<ChatMessage>;

const byNewestUpdate = (a: Chat, b: Chat) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/**
 * Puts a chat received live into the cached list: replaced where it was, or added, then the
 * first page is re-sorted newest first. The payload carries absolute unread counts, so applying
 * the same event twice (it arrives on several channels) changes nothing.
 */
export function upsertChat(data: ChatPages | undefined, chat: Chat): ChatPages | undefined {
  if (!data) return data;
  const exists = data.pages.some((page) => page.items.some((c) => c.id === chat.id));
  if (!exists) {
    const [first, ...rest] = data.pages;
    const firstPage = first ?? { items: [], hasMore: false };
    return { ...data, pages: [{ ...firstPage, items: [chat, ...firstPage.items].sort(byNewestUpdate) }, ...rest] };
  }
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((c) => (c.id === chat.id ? chat : c)),
  }));
  const moved = isNewerThanTop(pages, chat);
  if (!moved) return { ...data, pages };
  // A chat with fresh activity goes to the top of the list.
  const without = pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== chat.id) }));
  const [first, ...rest] = without;
  return { ...data, pages: [{ ...first, items: [chat, ...first.items] }, ...rest] };
}

function isNewerThanTop(pages: Page<Chat>[], chat: Chat): boolean {
  const top = pages[0]?.items[0];
  return !!top && top.id !== chat.id && Date.parse(chat.updatedAt) >= Date.parse(top.updatedAt);
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
      items: page.items.map((c) => (c.id === chatId ? update(c) : c)),
    })),
  };
}

/** Page 1 holds the newest messages; a live message joins it at the end, once. */
export function appendMessage(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
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
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}
