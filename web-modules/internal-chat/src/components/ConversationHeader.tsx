import { Button, Classes, H4 } from '@blueprintjs/core';
import type { Chat } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register';

interface Props {
  chat: Chat;
  isOwner: boolean;
  onBack?: () => void;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

export function ConversationHeader({ chat, isOwner, onBack, onEdit, onDelete }: Props) {
  const { t } = useTranslation(NS);
  const members = chat.users.map((member) => member.user.name).join(', ');
  return (
    <header className="ic-conversation__header">
      {onBack && <Button icon="arrow-left" variant="minimal" aria-label={t('actions.back')} title={t('actions.back')} onClick={onBack} />}
      <div className="ic-conversation__heading">
        <H4 className="ic-conversation__title">{chat.title}</H4>
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} title={members}>
          {members}
        </span>
      </div>
      {isOwner && (
        <>
          <Button icon="edit" variant="minimal" text={t('actions.edit')} onClick={() => onEdit(chat)} />
          <Button icon="trash" variant="minimal" intent="danger" text={t('actions.delete')} onClick={() => onDelete(chat)} />
        </>
      )}
    </header>
  );
}
