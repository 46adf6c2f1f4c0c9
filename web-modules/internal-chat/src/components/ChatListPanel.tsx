import { Button, H4, Intent, Spinner } from '@blueprintjs/core';
import type { Chat } from '@guiche/contracts';
import { EmptyState, ErrorCard, LoadingState, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { myUnreads } from '../lib/unreads';
import { ChatListItem } from './ChatListItem';

/** outreach-config.md §9: lists load their next page within 100 px of the bottom. */
const LOAD_MORE_WITHIN_PX = 100;

interface Props {
  chats: Chat[];
  myUserId: number;
  selectedId: number | undefined;
  status: 'pending' | 'error' | 'success';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
  onNew(): void;
  onSelect(chat: Chat): void;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

export function ChatListPanel(props: Props) {
  const { chats, myUserId, selectedId, status, hasMore, loadingMore, loadMore, retry } = props;
  const { t } = useTranslation(NS);

  const onScroll = (el: HTMLElement) => {
    if (hasMore && !loadingMore && el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_WITHIN_PX) loadMore();
  };

  let body;
  if (status === 'pending') body = <LoadingState label={t('list.loading')} />;
  else if (status === 'error' && chats.length === 0) body = <ErrorCard message={t('list.error')} onRetry={retry} />;
  else if (chats.length === 0) body = <EmptyState icon="chat" title={t('list.empty')} description={t('list.emptyHint')} />;
  else {
    body = (
      <ul className="ic-chat-list__items" aria-label={t('list.label')}>
        {chats.map((chat) => (
          <ChatListItem
            key={chat.id}
            chat={chat}
            unreads={myUnreads(chat, myUserId)}
            selected={chat.id === selectedId}
            isOwner={chat.ownerId === myUserId}
            onSelect={props.onSelect}
            onEdit={props.onEdit}
            onDelete={props.onDelete}
          />
        ))}
        {loadingMore && (
          <li className="ic-chat-list__more" role="status">
            <Spinner size={20} aria-label={t('list.loadingMore')} />
          </li>
        )}
      </ul>
    );
  }

  return (
    <section className="ic-chat-list" aria-label={t('list.label')} data-testid="chat-list">
      <header className="ic-chat-list__header">
        <H4 className="ic-chat-list__title">{t('list.label')}</H4>
        <Button icon="plus" intent={Intent.PRIMARY} text={t('actions.new')} onClick={props.onNew} data-testid="chat-new" />
      </header>
      <div className="ic-chat-list__scroll" onScroll={(event) => onScroll(event.currentTarget)}>
        {body}
      </div>
    </section>
  );
}
