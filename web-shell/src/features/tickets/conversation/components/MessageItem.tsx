import { memo } from 'react';
import { Button, Checkbox, Icon, Menu, MenuDivider, MenuItem, Popover, Tag, Tooltip } from '@blueprintjs/core';
import type { MessageRecord } from '@guiche/contracts';
import { formatTime, useTranslation } from '@guiche/web-sdk';
import { canDelete, canEdit, groupAuthorOf, mediaSrc, type Reaction } from '../lib/messages.js';
import { NS } from '../i18n/register.js';
import { AckIcon } from './AckIcon.js';
import { MessageMedia, bodyIsCaption } from './MessageMedia.js';

export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

export interface MessageActions {
  reply(message: MessageRecord): void;
  react(message: MessageRecord, emoji: string): void;
  edit(message: MessageRecord): void;
  remove(message: MessageRecord): void;
  forward(message: MessageRecord): void;
  toggleSelect(message: MessageRecord): void;
  openImage(message: MessageRecord): void;
  startTicket(card: { name: string; number: string }): void;
  jumpTo(messageId: number): void;
}

interface Props {
  message: MessageRecord;
  myUserId: number | undefined;
  isGroup: boolean;
  reactions: Reaction[] | undefined;
  selecting: boolean;
  selected: boolean;
  actions: MessageActions;
  /** An earlier ticket's message, shown for context: no actions on it. */
  readOnly?: boolean;
  /** The ticket's connection is down: an unsent message of mine waits for it. */
  connectionDown?: boolean;
}

const URL_PART = /(https?:\/\/[^\s<>"']+)/g;
/** WhatsApp formatting: *bold*, _italic_, ~strike~ (one level, within a line). */
const FORMAT_PART = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;

function formatted(text: string, keyPrefix: string) {
  return text.split(FORMAT_PART).map((part, i) => {
    const key = `${keyPrefix}-${i}`;
    if (i % 2 === 0) return part;
    const inner = part.slice(1, -1);
    if (part.startsWith('*')) return <strong key={key}>{inner}</strong>;
    if (part.startsWith('_')) return <em key={key}>{inner}</em>;
    return <s key={key}>{inner}</s>;
  });
}

/** Text with its links clickable and WhatsApp's formatting applied. */
function Body({ text }: { text: string }) {
  const parts = text.split(URL_PART);
  return (
    <span className="cv-message__body">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noreferrer noopener">
            {part}
          </a>
        ) : (
          formatted(part, String(i))
        ),
      )}
    </span>
  );
}

function Quoted({ message, onJump }: { message: MessageRecord; onJump(id: number): void }) {
  const { t } = useTranslation(NS);
  const quoted = message.quotedMsg;
  if (!quoted) return null;
  const author = quoted.fromMe ? t('message.you') : (quoted.contact?.name ?? t('message.contact'));
  const thumb = quoted.mediaType === 'image' ? mediaSrc(quoted.mediaUrl) : null;
  const text = quoted.isDeleted ? t('message.deleted') : quoted.body || t(`mediaLabel.${quoted.mediaType}`, { defaultValue: t('mediaLabel.application') });
  return (
    <button type="button" className={`cv-quoted${quoted.fromMe ? ' cv-quoted--mine' : ''}${thumb ? ' cv-quoted--thumb' : ''}`} onClick={() => onJump(quoted.id)} data-testid="message-quoted">
      <span className="cv-quoted__author">{author}</span>
      <span className="cv-quoted__text">{text}</span>
      {thumb && <img src={thumb} alt="" className="cv-quoted__thumb" />}
    </button>
  );
}

function MessageItemView({ message, myUserId, isGroup, reactions, selecting, selected, actions, readOnly = false, connectionDown = false }: Props) {
  const { t } = useTranslation(NS);
  const mine = message.fromMe;
  const classes = ['cv-message', mine ? 'cv-message--mine' : 'cv-message--theirs'];
  if (message.isPrivate) classes.push('cv-message--private');
  if (message.isDeleted) classes.push('cv-message--deleted');
  if (selected) classes.push('cv-message--selected');
  const showBody = Boolean(message.body) && bodyIsCaption(message);
  const failed = message.sendStatus === 'failed' && !message.isDeleted;
  const editable = canEdit(message, myUserId);
  const author = isGroup && !mine ? groupAuthorOf(message) : null;

  const menu = (
    <Menu aria-label={t('menu.label')}>
      <MenuItem icon="undo" text={t('menu.reply')} onClick={() => actions.reply(message)} disabled={message.isDeleted} />
      {!message.isPrivate && (
        <MenuItem icon="emoji" text={t('menu.react')} disabled={message.isDeleted}>
          {REACTION_EMOJIS.map((emoji) => (
            <MenuItem key={emoji} text={emoji} aria-label={t('menu.reactWith', { emoji })} onClick={() => actions.react(message, emoji)} />
          ))}
          <MenuDivider />
          <MenuItem text={t('menu.removeReaction')} onClick={() => actions.react(message, '')} />
        </MenuItem>
      )}
      {editable && <MenuItem icon="edit" text={t('menu.edit')} onClick={() => actions.edit(message)} />}
      {!message.isPrivate && <MenuItem icon="share" text={t('menu.forward')} onClick={() => actions.forward(message)} disabled={message.isDeleted} />}
      <MenuItem icon="selection" text={t('menu.select')} onClick={() => actions.toggleSelect(message)} disabled={message.isDeleted || message.isPrivate} />
      {canDelete(message) && (
        <>
          <MenuDivider />
          <MenuItem icon="trash" intent="danger" text={t('menu.delete')} onClick={() => actions.remove(message)} />
        </>
      )}
    </Menu>
  );

  return (
    <li className={classes.join(' ')} data-testid="message" data-message-id={message.id} data-private={message.isPrivate || undefined}>
      {selecting && !readOnly && (
        <Checkbox
          className="cv-message__select"
          checked={selected}
          disabled={message.isDeleted || message.isPrivate}
          onChange={() => actions.toggleSelect(message)}
          aria-label={t('selection.toggle')}
        />
      )}
      <div className="cv-message__bubble">
        {!readOnly && (
          <Popover content={menu} placement="bottom-end" className="cv-message__menu">
            <Button size="small" variant="minimal" icon="chevron-down" aria-label={t('menu.open')} data-testid="message-menu" />
          </Popover>
        )}
        {(message.isPrivate || message.isForwarded || author) && (
          <div className="cv-message__top">
            {message.isPrivate && (
              <Tag minimal intent="warning" icon="lock" className="cv-message__mark">
                {t('message.privateNote')}
              </Tag>
            )}
            {message.isForwarded && (
              <span className="cv-message__forwarded" data-testid="message-forwarded">
                <Icon icon="share" size={12} /> {t('message.forwarded')}
              </span>
            )}
            {author && (
              <span className="cv-message__author" data-testid="message-author">
                {author}
              </span>
            )}
          </div>
        )}
        <Quoted message={message} onJump={actions.jumpTo} />
        {message.isDeleted ? (
          <div className="cv-message__deleted" data-testid="message-deleted">
            <Icon icon="ban-circle" size={12} /> {t('message.deleted')}
            {message.body && <span className="cv-message__deleted-text">{formatted(message.body, 'deleted')}</span>}
          </div>
        ) : (
          <>
            <MessageMedia message={message} onOpenImage={actions.openImage} onStartTicket={actions.startTicket} />
            {showBody && <Body text={message.body} />}
          </>
        )}
        <div className="cv-message__meta">
          {message.isEdited && !message.isDeleted && (
            <span className="cv-message__edited" data-testid="message-edited">
              {t('message.edited')}
            </span>
          )}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {failed && (
            <Tooltip content={t('message.failed')}>
              <Icon icon="error" intent="danger" size={12} aria-label={t('message.failed')} data-testid="message-failed" tabIndex={0} />
            </Tooltip>
          )}
          {mine && !message.isPrivate && !failed && <AckIcon ack={message.ack} connectionDown={connectionDown} />}
        </div>
        {reactions && reactions.length > 0 && (
          <div className="cv-message__reactions" data-testid="message-reactions">
            {reactions.map((r, i) => (
              <span key={i} className={`cv-reaction${r.fromMe ? ' cv-reaction--mine' : ''}`}>
                {r.emoji}
              </span>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

export const MessageItem = memo(MessageItemView);
