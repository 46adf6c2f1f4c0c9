import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { MessageRecord } from '@guiche/contracts';
import { EmptyState, formatDate, useTranslation } from '@guiche/web-sdk';
import { dayKey, keptScrollTop, listItems, reactionsByTarget, shouldLoadOlder } from '../lib/messages.js';
import { NS } from '../i18n/register.js';
import { MessageItem, type MessageActions } from './MessageItem.js';

/** How close to the bottom still counts as "following the conversation". */
const FOLLOW_WITHIN_PX = 80;

interface Props {
  messages: MessageRecord[];
  myUserId: number | undefined;
  isGroup: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
  selecting: boolean;
  selectedIds: ReadonlySet<number>;
  actions: MessageActions;
}

interface Anchor {
  firstId: number | undefined;
  scrollHeight: number;
  scrollTop: number;
}

function dayLabel(date: string, t: (key: string) => string): string {
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const key = dayKey(date);
  if (key === dayKey(today)) return t('day.today');
  if (key === dayKey(yesterday)) return t('day.yesterday');
  return formatDate(date);
}

/**
 * The conversation, oldest on top. Scrolling within 50 px of the top loads the older page and
 * keeps the message under the eye where it was; new messages are followed when the agent was at
 * the bottom or sent them.
 */
export function MessageList({ messages, myUserId, isGroup, hasOlder, loadingOlder, loadOlder, selecting, selectedIds, actions }: Props) {
  const { t } = useTranslation(NS);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const following = useRef(true);
  const items = useMemo(() => listItems(messages), [messages]);
  const reactions = useMemo(() => reactionsByTarget(messages), [messages]);
  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const saved = anchor.current;
    if (saved && saved.firstId !== firstId) {
      el.scrollTop = keptScrollTop(saved, el.scrollHeight);
      anchor.current = null;
    } else if (following.current || (last?.fromMe && last.userId === myUserId)) {
      el.scrollTop = el.scrollHeight;
      following.current = true;
    }
  }, [firstId, last?.id, last?.fromMe, last?.userId, myUserId]);

  const checkScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    following.current = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_WITHIN_PX;
    if (shouldLoadOlder(el.scrollTop, hasOlder, loadingOlder) && el.scrollHeight > el.clientHeight) {
      anchor.current = { firstId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      loadOlder();
    }
  }, [firstId, hasOlder, loadingOlder, loadOlder]);

  // A first page that does not fill the panel cannot be scrolled: load more until it does.
  useEffect(() => {
    const el = scroller.current;
    if (!el || loadingOlder || !hasOlder) return;
    if (el.scrollHeight <= el.clientHeight) {
      anchor.current = { firstId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      loadOlder();
    }
  }, [messages.length, hasOlder, loadingOlder, firstId, loadOlder]);

  // A finished load that brought nothing new must not leave a stale anchor.
  useEffect(() => {
    if (!loadingOlder && anchor.current && anchor.current.firstId === firstId) anchor.current = null;
  }, [loadingOlder, firstId]);

  return (
    <div
      ref={scroller}
      className="cv-messages"
      onScroll={checkScroll}
      // Media that finishes loading grows the list: stay at the bottom when following it.
      onLoadCapture={() => {
        const el = scroller.current;
        if (el && following.current && !anchor.current) el.scrollTop = el.scrollHeight;
      }}
      onLoadedMetadataCapture={() => {
        const el = scroller.current;
        if (el && following.current && !anchor.current) el.scrollTop = el.scrollHeight;
      }}
      tabIndex={0} role="log" aria-label={t('list.label')} aria-busy={loadingOlder || undefined} data-testid="conversation-messages">
      {loadingOlder && (
        <div className="cv-messages__older" role="status">
          <Spinner size={20} aria-label={t('list.loadingOlder')} />
        </div>
      )}
      {!hasOlder && messages.length > 0 && <div className="cv-messages__start">{t('list.start')}</div>}
      {items.length === 0 ? (
        <EmptyState icon="chat" title={t('list.empty')} />
      ) : (
        <ul className="cv-messages__list">
          {items.map((item) =>
            item.kind === 'day' ? (
              <li key={item.key} className="cv-day" role="separator" data-testid="day-separator">
                <span>{dayLabel(item.date, t)}</span>
              </li>
            ) : (
              <MessageItem
                key={item.key}
                message={item.message}
                myUserId={myUserId}
                isGroup={isGroup}
                reactions={reactions.get(item.message.id)}
                selecting={selecting}
                selected={selectedIds.has(item.message.id)}
                actions={actions}
              />
            ),
          )}
        </ul>
      )}
    </div>
  );
}
