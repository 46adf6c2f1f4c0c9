import { useEffect, useState } from 'react';
import { Button, Icon, Intent, Position, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Events, type Contact } from '@guiche/contracts';
import { ConfirmDialog, contactNumberText, Drawer, ErrorCard, toastError, toastSuccess, useSocketEvent, useTranslation } from '@guiche/web-sdk';
import './i18n/register.js';
import './drawer.css';
import { NS } from './i18n/register.js';
import { drawerKeys, fetchContact, setContactActive, setTicketTags, syncContactTags, toggleDisableBot } from './api.js';
import type { ConversationTicket } from '../conversation/types.js';
import { ContactEditDialog } from './components/ContactEditDialog.js';
import { TagPicker, type TagLite } from './components/TagPicker.js';
import { ticketKeys } from '../api/query-keys.js';
import { kanbanTags, plainTags } from '../lib/ticket-tags.js';
import { MediaTabs } from './components/MediaTabs.js';
import { NotesSection } from './components/NotesSection.js';
import { EarlierTickets } from './components/EarlierTickets.js';

/** inbox.md §2: the contact drawer is 320 px wide, on the right. */
export const CONTACT_DRAWER_WIDTH = 320;

export interface ContactDrawerProps {
  /** The ticket as GET /tickets/u/:uuid answers it. */
  ticket: ConversationTicket;
  open: boolean;
  onClose: () => void;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Below this width the drawer floats over the conversation instead of sitting beside it. */
const INLINE_MIN_WIDTH = 900;

function useWide(): boolean {
  const query = `(min-width: ${INLINE_MIN_WIDTH}px)`;
  const [wide, setWide] = useState(() => typeof window === 'undefined' || window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setWide(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}

/**
 * The contact drawer: a 320 px column on the right of the conversation on wide screens, a
 * drawer over it on narrow ones. Escape closes it.
 */
export function ContactDrawer({ ticket, open, onClose }: ContactDrawerProps) {
  const { t } = useTranslation(NS);
  const wide = useWide();
  if (!wide) {
    return (
      <Drawer isOpen={open} onClose={onClose} size={CONTACT_DRAWER_WIDTH} position={Position.RIGHT} title={t('title')} icon="person" className="cd-drawer cd-drawer--overlay">
        {open && <DrawerBody ticket={ticket} />}
      </Drawer>
    );
  }
  if (!open) return null;
  return (
    <aside
      className="cd-drawer cd-drawer--inline"
      style={{ width: CONTACT_DRAWER_WIDTH }}
      aria-label={t('title')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="cd-drawer__header">
        <Icon icon="person" />
        <h2 className="cd-drawer__title">{t('title')}</h2>
        <Button variant="minimal" icon="cross" aria-label={t('close')} onClick={onClose} autoFocus data-testid="contact-drawer-close" />
      </header>
      <DrawerBody ticket={ticket} />
    </aside>
  );
}

function DrawerBody({ ticket }: { ticket: ConversationTicket }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const contactId = ticket.contact.id;
  const key = drawerKeys.contact(contactId);
  // The ticket carries the contact; GET /contacts/:id adds its extra info fields.
  const query = useQuery({ queryKey: key, queryFn: () => fetchContact(contactId), placeholderData: ticket.contact });
  const contact: Contact = query.data ?? ticket.contact;
  const [editing, setEditing] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [togglingBot, setTogglingBot] = useState(false);

  const store = (next: Contact) => client.setQueryData<Contact>(key, (prev) => ({ ...(prev ?? contact), ...next, extraInfo: next.extraInfo ?? prev?.extraInfo ?? contact.extraInfo }));

  /** The ticket's plain tags as the picker sets them; its kanban lane stays (the live update confirms both). */
  const storeTicketTags = (tags: TagLite[]) =>
    client.setQueryData<ConversationTicket>(ticketKeys.ticket(ticket.uuid), (prev) => (prev ? { ...prev, tags: [...tags, ...kanbanTags(prev.tags)] } : prev));

  useSocketEvent<{ action: string; contact?: Contact; contactId?: number }>(Events.contact(ticket.companyId), (payload) => {
    if (payload.action === 'update' && payload.contact?.id === contactId) store(payload.contact);
  });

  const toggleBot = async () => {
    setTogglingBot(true);
    try {
      store(await toggleDisableBot(contactId));
    } catch (err) {
      toastError(err);
    } finally {
      setTogglingBot(false);
    }
  };

  const block = async () => {
    setBlocking(true);
    try {
      const saved = await setContactActive(contactId, !contact.active);
      store(saved);
      toastSuccess(saved.active ? t('block.unblocked') : t('block.blocked'));
      setConfirmBlock(false);
    } catch (err) {
      toastError(err);
    } finally {
      setBlocking(false);
    }
  };

  const picture = contact.urlPicture || contact.profilePicUrl;
  const extraInfo = contact.extraInfo ?? [];

  return (
    <div className="cd-body" data-testid="contact-drawer">
      <section className="cd-profile">
        {picture ? <img className="cd-avatar" src={picture} alt="" /> : <div className="cd-avatar cd-avatar--initials" aria-hidden>{initials(contact.name)}</div>}
        <h3 className="cd-name" data-testid="drawer-contact-name">
          {contact.name}
        </h3>
        <span className="cd-number" data-testid="drawer-contact-number">
          {contactNumberText(contact) || t('noNumber')}
        </span>
        {contact.email && (
          <a className="cd-email" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        )}
        {!contact.active && <span className="cd-blocked-mark">{t('block.isBlocked')}</span>}
        <div className="cd-profile__actions">
          <Button icon="edit" text={t('edit.button')} onClick={() => setEditing(true)} data-testid="contact-edit" />
          <Button
            icon={contact.active ? 'blocked-person' : 'unlock'}
            intent={contact.active ? Intent.DANGER : Intent.SUCCESS}
            variant="outlined"
            text={contact.active ? t('block.block') : t('block.unblock')}
            onClick={() => setConfirmBlock(true)}
            data-testid="contact-block"
          />
        </div>
        <Switch
          checked={contact.disableBot}
          disabled={togglingBot}
          onChange={() => void toggleBot()}
          label={t('disableBot')}
          role="switch"
          className="cd-switch"
          data-testid="contact-disable-bot"
        />
      </section>
      {query.isError && <ErrorCard error={query.error} onRetry={() => void query.refetch()} />}
      <TagPicker
        title={t('tags.title')}
        inputId="cd-ticket-tags-input"
        plainOnly
        tags={plainTags(ticket.tags)}
        save={async (tagIds) => plainTags(await setTicketTags(ticket.id, tagIds))}
        onChange={storeTicketTags}
      />
      <TagPicker
        title={t('tags.contactTitle')}
        inputId="cd-tags-input"
        tags={contact.tags ?? []}
        save={(tagIds) => syncContactTags(contactId, ticket.id, tagIds)}
        onChange={(tags) => client.setQueryData<Contact>(key, (prev) => ({ ...(prev ?? contact), tags: tags as Contact['tags'] }))}
      />
      <section className="cd-section" aria-labelledby="cd-media-title">
        <h4 id="cd-media-title" className="cd-section__title">
          {t('tabs.title')}
        </h4>
        <MediaTabs ticketId={ticket.id} />
      </section>
      <NotesSection ticketId={ticket.id} contactId={contactId} />
      <EarlierTickets ticketId={ticket.id} />
      <section className="cd-section" aria-labelledby="cd-extra-title">
        <h4 id="cd-extra-title" className="cd-section__title">
          {t('extraInfo.title')}
        </h4>
        {extraInfo.length === 0 ? (
          <p className="cd-muted">{t('extraInfo.empty')}</p>
        ) : (
          <dl className="cd-extra" data-testid="extra-info">
            {extraInfo.map((field) => (
              <div key={field.id} className="cd-extra__item">
                <dt>{field.name}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <Button size="small" variant="minimal" icon="edit" text={t('extraInfo.edit')} onClick={() => setEditing(true)} />
      </section>
      <ContactEditDialog contact={contact} isOpen={editing} onClose={() => setEditing(false)} onSaved={store} />
      <ConfirmDialog
        isOpen={confirmBlock}
        title={contact.active ? t('block.confirmBlockTitle') : t('block.confirmUnblockTitle')}
        intent={contact.active ? Intent.DANGER : Intent.PRIMARY}
        confirmLabel={contact.active ? t('block.block') : t('block.unblock')}
        loading={blocking}
        onConfirm={() => void block()}
        onClose={() => setConfirmBlock(false)}
      >
        <p>{contact.active ? t('block.confirmBlock', { name: contact.name }) : t('block.confirmUnblock', { name: contact.name })}</p>
      </ConfirmDialog>
    </div>
  );
}
