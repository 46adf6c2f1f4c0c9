import { useEffect, useLayoutEffect, useRef } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { ChatMessage } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { MessageBubble } from './MessageBubble';

/** outreach-config.md §9: the next (older) page loads when scrolled under 600 px from the top. */
export const LOAD_OLDER_WITHIN_PX = 600;
/** How close to the bottom still counts as "following the conversation". */
const FOLLOW_WITHIN_PX = 80;

interface Props {
  label: string;
  messages: ChatMessage[];
  myUserId: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
}

interface Anchor {
  firstId: number | undefined;
  scrollHeight: number;
  scrollTop: number;
}

export function MessageList({ label, messages, myUserId, hasOlder, loadingOlder, loadOlder }: Props) {
  const { t } = useTranslation(NS);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const following = useRef(true);
  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];

  // Older messages were put on top: keep what the user was looking at in place.
  // New messages at the bottom: follow them if the user was at the bottom or sent one.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const saved = anchor.current;
    if (saved && saved.firstId !== firstId) {
      el.scrollTop = saved.scrollTop + (el.scrollHeight - saved.scrollHeight);
      anchor.current = null;
    } else if (following.current || last?.senderId === myUserId) {
      el.scrollTop = el.scrollHeight;
      following.current = true;
    }
  }, [firstId, last?.id, last?.senderId, myUserId]);

  const checkScroll = () => {
    const el = scroller.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_WITHIN_PX;
    if (el.scrollTop < LOAD_OLDER_WITHIN_PX && hasOlder && !loadingOlder) {
      anchor.current = { firstId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      loadOlder();
    }
  };

  // A page that does not fill the panel cannot be scrolled: check after every load too.
  useEffect(() => {
    if (loadingOlder) return;
    anchor.current = null; // a finished load that added nothing older leaves no anchor behind
    checkScroll();
  }, [messages.length, hasOlder, loadingOlder]);

  return (
    <div
      ref={scroller}
      className="ic-messages"
      onScroll={checkScroll}
      tabIndex={0}
      role="log"
      aria-label={label}
      aria-busy={loadingOlder || undefined}
      data-testid="chat-messages"
    >
      {loadingOlder && (
        <div className="ic-messages__older" role="status">
          <Spinner size={20} aria-label={t('conversation.loadingOlder')} />
        </div>
      )}
      <ul className="ic-messages__list">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} mine={message.senderId === myUserId} />
        ))}
      </ul>
    </div>
  );
}
