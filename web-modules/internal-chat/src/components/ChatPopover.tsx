import { Button, Menu, MenuDivider, MenuItem, Spinner } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { MenuPopover, useTranslation } from '@guiche/web-sdk';
import { useChatEvents } from '../hooks/useChatEvents';
import { useChatList } from '../hooks/useChatList';
import { useMe } from '../hooks/useMe';
import { NS } from '../i18n/register';
import { myUnreads, totalUnreads } from '../lib/unreads';
import { UnreadBadge } from './UnreadBadge';

/** Top-bar button with my total unread count; its popover lists my chats and opens one. */
export function ChatPopover() {
  const me = useMe();
  if (!me) return null;
  return <ChatPopoverFor myUserId={me.id} />;
}

function ChatPopoverFor({ myUserId }: { myUserId: number }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const list = useChatList();
  useChatEvents();
  const total = totalUnreads(list.chats, myUserId);

  let items;
  if (list.status === 'pending') items = <MenuItem disabled text={<Spinner size={16} />} />;
  else if (list.status === 'error' && list.chats.length === 0) items = <MenuItem disabled icon="error" text={t('popover.error')} />;
  else if (list.chats.length === 0) items = <MenuItem disabled text={t('popover.empty')} />;
  else {
    items = list.chats.map((chat) => (
      <MenuItem
        key={chat.id}
        icon="chat"
        text={chat.title}
        data-testid="chat-popover-item"
        labelElement={<UnreadBadge count={myUnreads(chat, myUserId)} />}
        onClick={() => navigate(`/chats/${chat.uuid}`)}
      />
    ));
  }

  const label = total > 0 ? t('popover.buttonUnread', { count: total }) : t('popover.button');
  return (
    <MenuPopover
      placement="bottom-end"
      content={
        <Menu className="ic-popover" aria-label={t('popover.title')}>
          <MenuDivider title={t('popover.title')} />
          <div className="ic-popover__items">{items}</div>
          <MenuDivider />
          <MenuItem icon="arrow-right" text={t('popover.openAll')} onClick={() => navigate('/chats')} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="chat" aria-label={label} title={label} data-testid="chat-popover-button">
        {total > 0 && <span className="ic-popover__count" data-testid="chat-popover-count">{total}</span>}
      </Button>
    </MenuPopover>
  );
}
