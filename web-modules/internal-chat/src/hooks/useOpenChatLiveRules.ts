import { useRef } from 'react';
import type { Chat } from '@guiche/contracts';
import { chatIdOf, type ChatEvent } from '../lib/chat-event';
import { isMember, myUnreads } from '../lib/unreads';
import { useChatEvents, useOpenChatEvents } from './useChatEvents';
import { useMarkChatRead } from './useMarkChatRead';

interface Options {
  openChat: Chat | undefined;
  myUserId: number;
  /** The open chat was deleted, or I was removed from it. */
  onClosed(): void;
}

/**
 * What live events mean for the chat on screen: a message I am reading is not unread (mark it
 * read again), and a chat that is gone closes.
 */
export function useOpenChatLiveRules({ openChat, myUserId, onClosed }: Options): void {
  const markRead = useMarkChatRead();
  const lastMarked = useRef<number | null>(null);

  const handle = (event: ChatEvent) => {
    if (!openChat || chatIdOf(event) !== openChat.id) return;
    if (event.action === 'delete' || (event.chat && !isMember(event.chat, myUserId))) {
      onClosed();
      return;
    }
    const message = event.newMessage;
    if (event.action !== 'new-message' || !message || !event.chat) return;
    if (message.senderId === myUserId || lastMarked.current === message.id) return;
    if (myUnreads(event.chat, myUserId) === 0) return;
    lastMarked.current = message.id;
    void markRead(event.chat);
  };

  useChatEvents(handle);
  useOpenChatEvents(openChat?.id, handle);
}
