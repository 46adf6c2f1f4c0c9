import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { i18n, toastError, toastSuccess, useSession, useTranslation, errorCodeOf } from '@guiche/web-sdk';
import type { TicketUpdateInput } from '@guiche/contracts';
import { deleteTicket, updateTicket } from '../api/tickets-api.js';
import { ticketKeys } from '../api/query-keys.js';
import type { Ticket } from '../api/types.js';
import { conflictOf, conflictOutcome } from '../lib/errors.js';
import { TICKETS_NS } from '../i18n/register.js';
import { useTicketUi } from './ticket-ui-context.js';

/** The screen's own texts for codes the shared catalogue may not have yet, then the shared toast. */
export function reportTicketError(err: unknown): void {
  const code = errorCodeOf(err);
  const key = `${TICKETS_NS}:errors.${code}`;
  if (code && i18n.exists(key)) toastError(i18n.t(key));
  else toastError(err);
}

/**
 * Every transition of inbox.md §4 the screen offers, through PUT /tickets/{id}. A 409 naming a
 * ticket opens it when it is the caller's, else shows the info modal.
 */
export function useTicketActions() {
  const { t } = useTranslation(TICKETS_NS);
  const { user } = useSession();
  const ui = useTicketUi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const handleError = (err: unknown) => {
    const conflict = conflictOf(err);
    if (conflict && user) {
      if (conflictOutcome(conflict, user.id) === 'navigate') navigate(`/tickets/${conflict.uuid}`);
      else ui.showConflict(conflict);
      return;
    }
    reportTicketError(err);
  };

  const run = async (ticket: Ticket, input: TicketUpdateInput & { requestRating?: boolean }, success: string): Promise<Ticket | null> => {
    try {
      const updated = await updateTicket(ticket.id, input);
      queryClient.setQueryData(ticketKeys.ticket(updated.uuid), updated);
      toastSuccess(success);
      return updated;
    } catch (err) {
      handleError(err);
      return null;
    }
  };

  const working = (ticket: Ticket) => (ticket.isGroup ? 'group' : 'open') as 'group' | 'open';

  return {
    handleError,
    /** Accept a pending ticket; without a queue the queue-choice dialog opens first. */
    async accept(ticket: Ticket, queueId?: number): Promise<boolean> {
      if (!user) return false;
      if (!ticket.queueId && !queueId) {
        ui.openAccept(ticket);
        return false;
      }
      const done = await run(ticket, { status: working(ticket), userId: user.id, ...(queueId ? { queueId } : {}) }, t('actions.accepted'));
      if (done) {
        ui.showAssignedTab();
        navigate(`/tickets/${done.uuid}`);
      }
      return Boolean(done);
    },
    /** "Toggle integration" (inbox.md §4): hand the ticket to its queue's integration or prompt, or take it back; no status change. */
    async toggleIntegration(ticket: Ticket) {
      const on = !ticket.useIntegration;
      return run(ticket, { useIntegration: on }, t(on ? 'actions.integrationOnDone' : 'actions.integrationOffDone'));
    },
    async ignore(ticket: Ticket) {
      return run(ticket, { status: 'closed' }, t('actions.ignored'));
    },
    async returnToQueue(ticket: Ticket) {
      const done = await run(ticket, { status: 'pending', userId: null }, t('actions.returned'));
      if (done) navigate('/tickets');
      return done;
    },
    async resolve(ticket: Ticket, sendFarewellMessage: boolean, requestRating: boolean, closeReasonId: number | null = null) {
      if (!user) return null;
      const input = { status: 'closed' as const, userId: user.id, sendFarewellMessage, ...(requestRating ? { requestRating } : {}), ...(closeReasonId ? { closeReasonId } : {}) };
      const done = await run(ticket, input, t('actions.resolved'));
      if (done) navigate('/tickets');
      return done;
    },
    /** With a user: theirs, open; with a queue only: pending in that queue. */
    async transfer(ticket: Ticket, queueId: number, userId: number | null) {
      const input: TicketUpdateInput = userId ? { status: working(ticket), userId, queueId } : { status: 'pending', userId: null, queueId };
      const done = await run(ticket, input, t('actions.transferred'));
      if (done && userId !== user?.id) navigate('/tickets');
      return done;
    },
    /** Reopen a closed ticket: without a queue the transfer dialog opens (inbox.md §4). */
    async reopen(ticket: Ticket) {
      if (!user) return null;
      if (!ticket.queueId) {
        ui.openTransfer(ticket, 'reopen');
        return null;
      }
      const done = await run(ticket, { status: working(ticket), userId: user.id, queueId: ticket.queueId }, t('actions.reopened'));
      if (done) {
        ui.showAssignedTab();
        navigate(`/tickets/${done.uuid}`);
      }
      return done;
    },
    async remove(ticket: Ticket): Promise<boolean> {
      try {
        await deleteTicket(ticket.id);
        toastSuccess(t('actions.deleted'));
        navigate('/tickets');
        return true;
      } catch (err) {
        reportTicketError(err);
        return false;
      }
    },
  };
}
