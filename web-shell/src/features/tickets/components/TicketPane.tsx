import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState, toastError, useTranslation } from '@guiche/web-sdk';
import { ConversationPanel } from '../conversation/index.js';
import { ContactDrawer } from '../drawer/index.js';
import type { Ticket } from '../api/types.js';
import { TICKETS_NS } from '../i18n/register.js';
import { TicketHeader } from './TicketHeader.js';

interface Props {
  uuid: string;
  ticket: Ticket | undefined;
  error: unknown;
  narrow: boolean;
  onBack(): void;
}

/** The right side with a ticket: header with the actions, the conversation, the contact drawer. */
export function TicketPane({ uuid, ticket, error, narrow, onBack }: Props) {
  const { t } = useTranslation(TICKETS_NS);
  const navigate = useNavigate();
  const [contactOpen, setContactOpen] = useState(false);

  // Loading a ticket fails: back to /tickets (inbox.md §8).
  useEffect(() => {
    if (!error) return;
    toastError(error);
    navigate('/tickets', { replace: true });
  }, [error, navigate]);

  useEffect(() => setContactOpen(false), [uuid]);

  if (!ticket) return <LoadingState label={t('page.loadingTicket')} />;
  return (
    <div className={`tk-pane${contactOpen ? ' tk-pane--drawer' : ''}`}>
      <div className="tk-pane__main">
        <TicketHeader ticket={ticket} narrow={narrow} onBack={onBack} onOpenContact={() => setContactOpen((o) => !o)} />
        <div className="tk-pane__conversation">
          <ConversationPanel key={uuid} ticketUuid={uuid} onTicketClosed={() => navigate('/tickets')} />
        </div>
      </div>
      <ContactDrawer ticket={ticket} open={contactOpen} onClose={() => setContactOpen(false)} />
    </div>
  );
}
