import type { Ref } from 'react';
import type { Chat } from '@guiche/contracts';
import { EmptyState, ErrorCard, LoadingState, useTranslation } from '@guiche/web-sdk';
import { useChatMessages } from '../hooks/useChatMessages';
import { useReadThenLoad } from '../hooks/useReadThenLoad';
import { NS } from '../i18n/register';
import { ConversationHeader } from './ConversationHeader';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';

interface Props {
  chat: Chat;
  myUserId: number;
  composerRef?: Ref<HTMLTextAreaElement>;
  onBack?: () => void;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

/** The open chat: header, messages (older pages on scroll up) and the composer. */
export function Conversation({ chat, myUserId, composerRef, onBack, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  const ready = useReadThenLoad(chat, myUserId);
  const query = useChatMessages(chat.id, ready);

  let body;
  if (query.isError && query.messages.length === 0) {
    body = <ErrorCard message={t('conversation.error')} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <LoadingState label={t('conversation.loading')} />;
  } else if (query.messages.length === 0) {
    body = <EmptyState icon="chat" title={t('conversation.empty')} description={t('conversation.emptyHint')} />;
  } else {
    body = (
      <MessageList
        label={t('conversation.label', { title: chat.title })}
        messages={query.messages}
        myUserId={myUserId}
        hasOlder={!!query.hasNextPage}
        loadingOlder={query.isFetchingNextPage}
        loadOlder={() => void query.fetchNextPage()}
      />
    );
  }

  return (
    <section className="ic-conversation" aria-label={chat.title} data-testid="chat-conversation">
      <ConversationHeader chat={chat} isOwner={chat.ownerId === myUserId} onBack={onBack} onEdit={onEdit} onDelete={onDelete} />
      <div className="ic-conversation__body">{body}</div>
      <MessageComposer key={chat.id} chatId={chat.id} inputRef={composerRef} />
    </section>
  );
}
