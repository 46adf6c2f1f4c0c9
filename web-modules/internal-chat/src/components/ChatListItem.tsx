import { Button, Classes } from '@blueprintjs/core';
import type { Chat } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { UnreadBadge } from './UnreadBadge';

interface Props {
  chat: Chat;
  unreads: number;
  selected: boolean;
  isOwner: boolean;
  onSelect(chat: Chat): void;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

export function ChatListItem({ chat, unreads, selected, isOwner, onSelect, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  return (
    <li className={`ic-chat-item${selected ? ' ic-chat-item--selected' : ''}`} data-testid="chat-item" data-chat-uuid={chat.uuid}>
      <button
        type="button"
        className="ic-chat-item__select"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(chat)}
      >
        <span className="ic-chat-item__title">{chat.title}</span>
        <span className={`ic-chat-item__last ${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
          {chat.lastMessage || t('list.noMessages')}
        </span>
        <span className={`ic-chat-item__members ${Classes.TEXT_MUTED}`}>
          {t('list.members', { count: chat.users.length })}
        </span>
      </button>
      <UnreadBadge count={unreads} className="ic-chat-item__badge" />
      {isOwner && (
        <span className="ic-chat-item__actions">
          <Button variant="minimal" size="small" icon="edit" aria-label={t('actions.edit')} title={t('actions.edit')} onClick={() => onEdit(chat)} />
          <Button variant="minimal" size="small" icon="trash" aria-label={t('actions.delete')} title={t('actions.delete')} onClick={() => onDelete(chat)} />
        </span>
      )}
    </li>
  );
}
