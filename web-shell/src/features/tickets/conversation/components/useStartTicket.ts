import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api, errorBodyOf, errorCodeOf, toastError, toastInfo, useSession, useTranslation } from '@guiche/web-sdk';
import type { Contact } from '@guiche/contracts';
import { createContact, searchContacts } from '../api.js';
import { NS } from '../i18n/register.js';
import type { ConversationTicket } from '../types.js';

interface ConflictBody {
  ticket?: { uuid: string; userId: number | null; user: { name: string } | null; queue: { name: string } | null };
}

/**
 * A contact card's "start a ticket": the contact with that number (created when new), then
 * POST /tickets on the current ticket's connection and queue, and the new ticket is opened.
 */
export function useStartTicket(current: ConversationTicket) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const navigate = useNavigate();

  return useCallback(
    async (card: { name: string; number: string }) => {
      if (!user) return;
      try {
        const digits = card.number.replace(/\D/g, '');
        const found = (await searchContacts(digits)).find((c: Contact) => c.number.replace(/\D/g, '') === digits);
        const contact = found ?? (await createContact(card.name || digits, digits));
        const { data } = await api.post<{ uuid: string }>('/tickets', {
          contactId: contact.id,
          userId: user.id,
          status: 'open',
          queueId: current.queueId,
          whatsappId: current.whatsappId,
        });
        navigate(`/tickets/${data.uuid}`);
      } catch (err) {
        if (errorCodeOf(err) === 'ERR_OTHER_OPEN_TICKET') {
          const other = (errorBodyOf(err) as ConflictBody | null)?.ticket;
          if (other && other.userId === user.id) {
            navigate(`/tickets/${other.uuid}`);
            return;
          }
          if (other) {
            toastInfo(t('contactCard.otherOwner', { user: other.user?.name ?? '—', queue: other.queue?.name ?? t('contactCard.noQueue') }), 5000);
            return;
          }
        }
        toastError(err);
      }
    },
    [current.queueId, current.whatsappId, navigate, t, user],
  );
}
