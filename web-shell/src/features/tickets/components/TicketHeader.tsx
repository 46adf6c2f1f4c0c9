import { Button, Classes, Intent, Menu, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MenuPopover, can, useSession, useTranslation } from '@guiche/web-sdk';
import type { Ticket } from '../api/types.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { useTicketUi } from '../hooks/ticket-ui-context.js';
import { truncate } from '../lib/text.js';
import { TICKETS_NS } from '../i18n/register.js';
import { VoiceCallButton } from '../conversation/index.js';

interface Props {
  ticket: Ticket;
  narrow: boolean;
  onBack(): void;
  onOpenContact(): void;
}

/**
 * The open ticket's header: who and where (contact, queue, agent, status) and the actions of its
 * status (inbox.md §4): accept / ignore while pending; return to queue, resolve, transfer while
 * open or group; toggle integration (with a queue) while open or group; reopen when closed; history
 * always; delete for admins, after a confirmation.
 */
export function TicketHeader({ ticket, narrow, onBack, onOpenContact }: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const { user, planFlags } = useSession();
  const navigate = useNavigate();
  const ui = useTicketUi();
  const actions = useTicketActions();
  const [busy, setBusy] = useState<string | null>(null);
  const picture = ticket.contact.urlPicture || ticket.contact.profilePicUrl;
  const working = ticket.status === 'open' || ticket.status === 'group';
  const mayDelete = can(user, 'ticket-options:deleteTicket');

  const act = (name: string, fn: () => Promise<unknown>) => async () => {
    setBusy(name);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };

  const moreMenu = (
    <Menu>
      <MenuItem icon="history" text={t('actions.history')} onClick={() => ui.openLog(ticket)} data-testid="ticket-history" />
      <MenuItem icon="id-number" text={t('actions.contactInfo')} onClick={onOpenContact} />
      {working && ticket.queueId && (
        <MenuItem
          icon={ticket.useIntegration ? 'person' : 'data-connection'}
          text={t(ticket.useIntegration ? 'actions.integrationOff' : 'actions.integrationOn')}
          onClick={() => void act('integration', () => actions.toggleIntegration(ticket))()}
          data-testid="ticket-toggle-integration"
        />
      )}
      {planFlags.useSchedules && (
        // The schedules module's dialog, for this contact on this ticket's connection; saving comes back here.
        <MenuItem
          icon="calendar"
          text={t('actions.schedule')}
          onClick={() => navigate(`/schedules?${new URLSearchParams({ contactId: String(ticket.contact.id), whatsappId: String(ticket.whatsappId ?? ''), returnTo: `/tickets/${ticket.uuid}` })}`)}
          data-testid="ticket-schedule"
        />
      )}
      {mayDelete && (
        <>
          <MenuDivider />
          <MenuItem icon="trash" intent={Intent.DANGER} text={t('actions.delete')} onClick={() => ui.openDelete(ticket)} data-testid="ticket-delete" />
        </>
      )}
    </Menu>
  );

  return (
    <header className="tk-header" data-testid="ticket-header" data-status={ticket.status}>
      {narrow && <Button variant="minimal" icon="arrow-left" aria-label={t('actions.back')} title={t('actions.back')} onClick={onBack} />}
      <button type="button" className="tk-header__contact" onClick={onOpenContact} title={t('actions.contactInfo')}>
        {picture ? (
          <img className="tk-row__avatar" src={picture} alt="" />
        ) : (
          <span className="tk-row__avatar tk-row__avatar--initial" aria-hidden="true">
            {Array.from(ticket.contact.name || '?')[0]?.toUpperCase()}
          </span>
        )}
        <span className="tk-header__who">
          <strong data-testid="ticket-header-name">{truncate(ticket.contact.name, 40)}</strong>
          <span className={`tk-header__meta ${Classes.TEXT_MUTED}`}>
            #{ticket.id}
            {ticket.user ? ` · ${ticket.user.name}` : ''}
          </span>
        </span>
      </button>
      <span className="tk-header__tags">
        <Tag minimal style={{ borderLeft: `4px solid ${ticket.queue?.color ?? '#8f99a8'}` }} data-testid="ticket-header-queue">
          {ticket.queue?.name ?? t('list.noQueue')}
        </Tag>
        <Tag minimal intent={ticket.status === 'pending' ? Intent.WARNING : ticket.status === 'closed' ? Intent.NONE : Intent.SUCCESS} data-testid="ticket-header-status">
          {t(`status.${ticket.status}`)}
        </Tag>
      </span>
      <span className="tk-header__actions">
        {ticket.status === 'pending' && (
          <>
            <Button intent={Intent.SUCCESS} icon="tick" text={t('actions.accept')} loading={busy === 'accept'} onClick={act('accept', () => actions.accept(ticket))} data-testid="action-accept" />
            <Button variant="outlined" icon="disable" text={t('actions.ignore')} loading={busy === 'ignore'} onClick={act('ignore', () => actions.ignore(ticket))} data-testid="action-ignore" />
          </>
        )}
        {working && (
          <>
            <Button variant="outlined" icon="undo" text={narrow ? undefined : t('actions.returnToQueue')} aria-label={t('actions.returnToQueue')} loading={busy === 'return'} onClick={act('return', () => actions.returnToQueue(ticket))} data-testid="action-return" />
            <Button intent={Intent.SUCCESS} icon="tick-circle" text={t('actions.resolve')} onClick={() => ui.openResolve(ticket)} data-testid="action-resolve" />
            <Button variant="outlined" icon="exchange" text={narrow ? undefined : t('actions.transfer')} aria-label={t('actions.transfer')} onClick={() => ui.openTransfer(ticket)} data-testid="action-transfer" />
          </>
        )}
        {ticket.status === 'closed' && (
          <Button intent={Intent.PRIMARY} icon="refresh" text={t('actions.reopen')} loading={busy === 'reopen'} onClick={act('reopen', () => actions.reopen(ticket))} data-testid="action-reopen" />
        )}
        <VoiceCallButton ticket={ticket} />
        <MenuPopover content={moreMenu} placement="bottom-end">
          <Button variant="minimal" icon="more" aria-label={t('actions.more')} title={t('actions.more')} data-testid="ticket-more" />
        </MenuPopover>
      </span>
    </header>
  );
}
