import { Checkbox, Intent, Tag } from '@blueprintjs/core';
import type { Contact } from '@guiche/contracts';
import { useNavigate } from 'react-router';
import { Avatar, formatDateTime, ListTable, RowActions, RowButton, TagChip, useSession, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { numberDisplay } from '../lib/phone.js';

const COLUMNS = [
  ['table.picture', 'cx-center cx-hide-narrow cx-picture'],
  ['table.name'],
  ['table.number'],
  ['table.email', 'cx-hide-narrow'],
  ['table.lastMessage', 'cx-hide-narrow'],
  ['table.status', 'cx-center cx-hide-narrow'],
  ['table.actions', 'cx-actions'],
] as const;

interface Props {
  contacts: Contact[];
  canDelete: boolean;
  /** Admins merge duplicates (issue #31); without it the action is not shown. */
  onMerge?(contact: Contact): void;
  onOpenTicket(contact: Contact): void;
  onEdit(contact: Contact): void;
  onToggleBlock(contact: Contact): void;
  onDelete(contact: Contact): void;
  /** Admins pick contacts for the bulk wallet change (a leading checkbox column). */
  selection?: { selected: ReadonlySet<number>; toggle(id: number): void };
}

const SELECT_COLUMN = ['table.select', 'cx-center'] as const;

/** inbox.md §2: picture, name, number, e-mail, last message, active status, actions. */
export function ContactsTable({ contacts, canDelete, onMerge, onOpenTicket, onEdit, onToggleBlock, onDelete, selection }: Props) {
  const { t } = useTranslation(NS);
  const { planFlags } = useSession();
  const navigate = useNavigate();

  const number = (c: Contact) => {
    const shown = numberDisplay(c.number, c.channel, c.isGroup);
    if (shown.kind === 'missing') return <span className="cx-muted">{t('table.noNumber')}</span>;
    if (shown.kind === 'invalid')
      return (
        <span>
          {shown.number}
          <br />
          <Tag minimal intent={Intent.WARNING}>{t('table.invalidNumber')}</Tag>
        </span>
      );
    return shown.number;
  };

  return (
    <ListTable ns={NS} testId="contacts-table" columns={selection ? [SELECT_COLUMN, ...COLUMNS] : COLUMNS}>
      {contacts.map((c) => (
        <tr key={c.id} data-testid="contact-row" data-contact-id={c.id}>
          {selection && (
            <td className="cx-center">
              <Checkbox checked={selection.selected.has(c.id)} onChange={() => selection.toggle(c.id)} aria-label={t('wallet.select', { name: c.name })} data-testid="contact-select" style={{ margin: 0 }} />
            </td>
          )}
          <td className="cx-center cx-hide-narrow">
            <Avatar name={c.name} url={c.urlPicture || c.profilePicUrl} />
          </td>
          <td>
            <div className="cx-name">
              <strong data-testid="contact-name">{c.name}</strong>
              {(c.tags.length > 0 || c.isGroup) && (
                <div className="cx-chips">
                  {c.isGroup && <Tag minimal>{t('table.group')}</Tag>}
                  {c.tags.map((tag) => (
                    <TagChip key={tag.id} name={tag.name} color={tag.color} />
                  ))}
                </div>
              )}
            </div>
          </td>
          <td data-testid="contact-number">{number(c)}</td>
          <td className="cx-hide-narrow">{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : ''}</td>
          <td className="cx-hide-narrow">{c.lastMessageAt ? formatDateTime(c.lastMessageAt) : <span className="cx-muted">{t('table.never')}</span>}</td>
          <td className="cx-center cx-hide-narrow" data-testid="contact-status">
            <Tag minimal round intent={c.active ? Intent.SUCCESS : Intent.DANGER} icon={c.active ? 'tick' : 'disable'}>
              {c.active ? t('table.active') : t('table.blocked')}
            </Tag>
          </td>
          <RowActions
            className="cx-actions"
            label={t('actions.rowActions', { name: c.name })}
            editLabel={t('actions.edit')}
            deleteLabel={t('actions.delete')}
            onEdit={() => onEdit(c)}
            onDelete={canDelete ? () => onDelete(c) : undefined}
            testIdPrefix="contact"
            leading={<RowButton icon="chat" label={t('actions.openTicket', { channel: t(`channels.${c.channel}`) })} onClick={() => onOpenTicket(c)} testId="contact-open-ticket" />}
          >
            {planFlags.useSchedules && <RowButton icon="calendar" label={t('actions.schedule')} onClick={() => navigate(`/schedules?contactId=${c.id}`)} testId="contact-schedule" />}
            <RowButton
              icon={c.active ? 'disable' : 'unlock'}
              label={c.active ? t('actions.block') : t('actions.unblock')}
              onClick={() => onToggleBlock(c)}
              testId={c.active ? 'contact-block' : 'contact-unblock'}
            />
            {onMerge && <RowButton icon="git-merge" label={t('actions.merge')} onClick={() => onMerge(c)} testId="contact-merge" />}
          </RowActions>
        </tr>
      ))}
    </ListTable>
  );
}
