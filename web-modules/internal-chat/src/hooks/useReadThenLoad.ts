import { useEffect, useState } from 'react';
import type { Chat } from '@guiche/contracts';
import { myUnreads } from '../lib/unreads';
import { useMarkChatRead } from './useMarkChatRead';

/**
 * outreach-config.md §4: choosing a chat with unread messages marks it read first, then its
 * messages load. Returns true once the messages of `chat` may be fetched.
 */
export function useReadThenLoad(chat: Chat, myUserId: number): boolean {
  const markRead = useMarkChatRead();
  const [readyChatId, setReadyChatId] = useState<number | null>(null);
  const hasUnreads = myUnreads(chat, myUserId) > 0;

  useEffect(() => {
    let current = true;
    const before = hasUnreads ? markRead(chat) : Promise.resolve();
    void before.then(() => {
      if (current) setReadyChatId(chat.id);
    });
    return () => {
      current = false;
    };
    // Only a change of chat starts this again; later unreads are handled by the live events.
  }, [chat.id]);

  return readyChatId === chat.id;
}
