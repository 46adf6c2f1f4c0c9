import { Button, H4, Intent } from '@blueprintjs/core';
import type { Chat } from '@guiche/contracts';
import { InfiniteScroll, ListBody, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { myUnreads } from '../lib/unreads';
import { ChatListItem } from './ChatListItem';

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

  return (
    <section className="ic-chat-list" aria-label={t('list.label')} data-testid="chat-list">
      <header className="ic-chat-list__header">
        <H4 className="ic-chat-list__title">{t('list.label')}</H4>
        <Button icon="plus" intent={Intent.PRIMARY} text={t('actions.new')} onClick={props.onNew} data-testid="chat-new" />
      </header>
      {/* outreach-config.md §9: the next page loads within 100 px of the bottom. */}
      <InfiniteScroll className="ic-chat-list__scroll" hasMore={hasMore} loadingMore={loadingMore} loadMore={loadMore} loadingLabel={t('list.loadingMore')}>
        <ListBody
          status={status}
          rows={chats.length}
          loadingLabel={t('list.loading')}
          errorMessage={t('list.error')}
          onRetry={retry}
          empty={{ icon: 'chat', title: t('list.empty'), description: t('list.emptyHint') }}
        >
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
          </ul>
        </ListBody>
      </InfiniteScroll>
    </section>
  );
}
