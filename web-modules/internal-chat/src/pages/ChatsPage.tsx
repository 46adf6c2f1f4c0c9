import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Tab, Tabs } from '@blueprintjs/core';
import type { Chat } from '@guiche/contracts';
import { EmptyState, LoadingState, useTranslation } from '@guiche/web-sdk';
import { ChatFormDialog } from '../components/ChatFormDialog';
import { ChatListPanel } from '../components/ChatListPanel';
import { Conversation } from '../components/Conversation';
import { DeleteChatDialog } from '../components/DeleteChatDialog';
import { useChatByUuid } from '../hooks/useChatByUuid';
import { useChatList } from '../hooks/useChatList';
import { useChatMutations } from '../hooks/useChatMutations';
import { useMe } from '../hooks/useMe';
import { useNarrowScreen } from '../hooks/useNarrowScreen';
import { useOpenChatLiveRules } from '../hooks/useOpenChatLiveRules';
import { NS } from '../i18n/register';
import { reportChatError } from '../lib/report-error';

type FormState = { mode: 'new' } | { mode: 'edit'; chat: Chat } | null;
type TabId = 'chats' | 'messages';

/** /chats and /chats/:uuid — the chat list plus the open conversation (outreach-config.md §2). */
export default function ChatsPage() {
  const me = useMe();
  if (!me) return <LoadingState />;
  return <ChatsScreen myUserId={me.id} />;
}

function ChatsScreen({ myUserId }: { myUserId: number }) {
  const { t } = useTranslation(NS);
  const { uuid } = useParams<{ uuid?: string }>();
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const list = useChatList();
  const open = useChatByUuid(uuid, list.chats, list.status !== 'pending');
  const mutations = useChatMutations();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Chat | null>(null);
  const [tab, setTab] = useState<TabId>(uuid ? 'messages' : 'chats');
  const composer = useRef<HTMLTextAreaElement>(null);

  const closeChat = () => {
    navigate('/chats');
    setTab('chats');
  };
  useOpenChatLiveRules({ openChat: open.chat, myUserId, onClosed: closeChat });

  const select = (chat: Chat) => {
    navigate(`/chats/${chat.uuid}`);
    setTab('messages');
  };

  const listPanel = (
    <ChatListPanel
      chats={list.chats}
      myUserId={myUserId}
      selectedId={open.chat?.id}
      status={list.status}
      hasMore={!!list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      loadMore={() => void list.fetchNextPage()}
      retry={() => void list.refetch()}
      onNew={() => setForm({ mode: 'new' })}
      onSelect={select}
      onEdit={(chat) => setForm({ mode: 'edit', chat })}
      onDelete={setToDelete}
    />
  );

  let conversation;
  if (open.chat) {
    conversation = (
      <Conversation
        key={open.chat.id}
        chat={open.chat}
        myUserId={myUserId}
        composerRef={composer}
        onBack={narrow ? () => setTab('chats') : undefined}
        onEdit={(chat) => setForm({ mode: 'edit', chat })}
        onDelete={setToDelete}
      />
    );
  } else if (open.isLoading) {
    conversation = <LoadingState label={t('conversation.loading')} />;
  } else if (open.notFound) {
    conversation = <EmptyState icon="search" title={t('conversation.notFound')} description={t('conversation.notFoundHint')} />;
  } else {
    conversation = <EmptyState icon="chat" title={t('conversation.none')} description={t('conversation.noneHint')} />;
  }

  return (
    <div className="ic-page" data-testid="chats-page">
      {narrow ? (
        <Tabs id="ic-chat-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} className="ic-tabs" renderActiveTabPanelOnly>
          <Tab id="chats" title={t('tabs.chats')} panel={listPanel} panelClassName="ic-tabs__panel" />
          <Tab id="messages" title={t('tabs.messages')} panel={<div className="ic-conversation-pane">{conversation}</div>} panelClassName="ic-tabs__panel" />
        </Tabs>
      ) : (
        <div className="ic-columns">
          {listPanel}
          <div className="ic-conversation-pane">{conversation}</div>
        </div>
      )}
      <ChatFormDialog
        isOpen={form !== null}
        chat={form?.mode === 'edit' ? form.chat : undefined}
        myUserId={myUserId}
        onSubmit={(input) =>
          form?.mode === 'edit'
            ? mutations.update.mutateAsync({ id: form.chat.id, input })
            : mutations.create.mutateAsync(input)
        }
        onSaved={(chat) => {
          const created = form?.mode === 'new';
          setForm(null);
          if (created) select(chat);
        }}
        onClose={() => setForm(null)}
        focusAfterCreate={() => composer.current}
      />
      <DeleteChatDialog
        chat={toDelete}
        deleting={mutations.remove.isPending}
        onConfirm={async (chat) => {
          try {
            await mutations.remove.mutateAsync(chat);
            if (chat.id === open.chat?.id) closeChat();
          } catch (err) {
            reportChatError('delete chat', err);
          }
          setToDelete(null);
        }}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
