import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import type { EarlierTicket, MessageRecord } from '@guiche/contracts';
import { EmptyState, formatDate, useTranslation } from '@guiche/web-sdk';
import { dayKey, keptScrollTop, listItems, reactionsByTarget, shouldLoadOlder } from '../lib/messages.js';
import { NS } from '../i18n/register.js';
import { MessageItem, type MessageActions } from './MessageItem.js';
import { TicketSeparator } from './TicketSeparator.js';

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
  /** This ticket: messages of others are the contact's earlier conversations, read-only. */
  currentTicketId?: number;
  earlierTickets?: ReadonlyMap<number, EarlierTicket>;
  /** Once this ticket's own pages are all shown: whether earlier conversations may lie above, and how to load them. */
  earlier?: { more: boolean; loading: boolean; load(): void };
  /** This ticket's connection is down (its unsent messages wait for it). */
  connectionDown?: boolean;
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
export function MessageList({ messages, myUserId, isGroup, hasOlder, loadingOlder, loadOlder, selecting, selectedIds, actions, currentTicketId, earlierTickets, earlier, connectionDown = false }: Props) {
  const { t } = useTranslation(NS);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const following = useRef(true);
  const items = useMemo(() => listItems(messages, currentTicketId), [messages, currentTicketId]);
  const canLoadEarlier = !hasOlder && Boolean(earlier?.more);
  const loadingAny = loadingOlder || Boolean(earlier?.loading);
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
    if (el.scrollHeight <= el.clientHeight) return;
    if (shouldLoadOlder(el.scrollTop, hasOlder, loadingOlder)) {
      anchor.current = { firstId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      loadOlder();
    } else if (shouldLoadOlder(el.scrollTop, canLoadEarlier, loadingAny)) {
      // Past this ticket's first message: the contact's earlier conversations continue above.
      anchor.current = { firstId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
      earlier!.load();
    }
  }, [firstId, hasOlder, loadingOlder, loadOlder, canLoadEarlier, loadingAny, earlier]);

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
    if (!loadingAny && anchor.current && anchor.current.firstId === firstId) anchor.current = null;
  }, [loadingAny, firstId]);

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
      tabIndex={0} role="log" aria-label={t('list.label')} aria-busy={loadingAny || undefined} data-testid="conversation-messages">
      {loadingAny && (
        <div className="cv-messages__older" role="status">
          <Spinner size={20} aria-label={t('list.loadingOlder')} />
        </div>
      )}
      {canLoadEarlier && !loadingAny && messages.length > 0 && (
        <div className="cv-messages__start">
          <Button variant="minimal" size="small" icon="history" text={t('list.earlier')} onClick={() => earlier!.load()} data-testid="load-earlier" />
        </div>
      )}
      {!hasOlder && !canLoadEarlier && messages.length > 0 && <div className="cv-messages__start">{t('list.start')}</div>}
      {items.length === 0 ? (
        <EmptyState icon="chat" title={t('list.empty')} />
      ) : (
        <ul className="cv-messages__list">
          {items.map((item) =>
            item.kind === 'day' ? (
              <li key={item.key} className="cv-day" role="separator" data-testid="day-separator">
                <span>{dayLabel(item.date, t)}</span>
              </li>
            ) : item.kind === 'ticket' ? (
              <TicketSeparator key={item.key} ticketId={item.ticketId} current={item.ticketId === currentTicketId} ticket={earlierTickets?.get(item.ticketId)} />
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
                readOnly={currentTicketId !== undefined && item.message.ticketId !== currentTicketId}
                connectionDown={connectionDown && (currentTicketId === undefined || item.message.ticketId === currentTicketId)}
              />
            ),
          )}
        </ul>
      )}
    </div>
  );
}
