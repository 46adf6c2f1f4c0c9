import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { Contact } from '@guiche/contracts';
import { formatDateTime, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { numberDisplay } from '../lib/phone.js';
import { TagChip } from '../shared/TagChip.js';
import { ContactAvatar } from './ContactAvatar.js';

interface Props {
  contacts: Contact[];
  canDelete: boolean;
  onOpenTicket(contact: Contact): void;
  onEdit(contact: Contact): void;
  onToggleBlock(contact: Contact): void;
  onDelete(contact: Contact): void;
}

/** inbox.md §2: picture, name, number, e-mail, last message, active status, actions. */
export function ContactsTable({ contacts, canDelete, onOpenTicket, onEdit, onToggleBlock, onDelete }: Props) {
  const { t } = useTranslation(NS);

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
    <HTMLTable className="cx-table" interactive striped aria-label={t('table.label')} data-testid="contacts-table">
      <thead>
        <tr>
          <th className="cx-center cx-hide-narrow" style={{ width: 56 }}>
            <span className="bp6-text-muted">{t('table.picture')}</span>
          </th>
          <th>{t('table.name')}</th>
          <th>{t('table.number')}</th>
          <th className="cx-hide-narrow">{t('table.email')}</th>
          <th className="cx-hide-narrow">{t('table.lastMessage')}</th>
          <th className="cx-center cx-hide-narrow">{t('table.status')}</th>
          <th className="cx-actions">{t('table.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((c) => (
          <tr key={c.id} data-testid="contact-row" data-contact-id={c.id}>
            <td className="cx-center cx-hide-narrow">
              <ContactAvatar name={c.name} url={c.urlPicture || c.profilePicUrl} />
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
            <td className="cx-actions" role="group" aria-label={t('actions.rowActions', { name: c.name })}>
              <RowButton icon="chat" label={t('actions.openTicket', { channel: t(`channels.${c.channel}`) })} onClick={() => onOpenTicket(c)} testId="contact-open-ticket" />
              <RowButton icon="edit" label={t('actions.edit')} onClick={() => onEdit(c)} testId="contact-edit" />
              <RowButton
                icon={c.active ? 'disable' : 'unlock'}
                label={c.active ? t('actions.block') : t('actions.unblock')}
                onClick={() => onToggleBlock(c)}
                testId={c.active ? 'contact-block' : 'contact-unblock'}
              />
              {canDelete && <RowButton icon="trash" intent={Intent.DANGER} label={t('actions.delete')} onClick={() => onDelete(c)} testId="contact-delete" />}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function RowButton({ icon, label, onClick, intent, testId }: { icon: 'chat' | 'edit' | 'disable' | 'unlock' | 'trash'; label: string; onClick(): void; intent?: Intent; testId: string }) {
  return (
    <Button icon={icon} variant="minimal" intent={intent} aria-label={label} title={label} onClick={onClick} data-testid={testId} />
  );
}
