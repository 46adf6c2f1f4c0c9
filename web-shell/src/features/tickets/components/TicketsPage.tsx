import { Tab, Tabs } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog, EmptyState, LoadingState, useTranslation } from '@guiche/web-sdk';
import { lazyDialog } from '../../lazy-dialog.js';
import { useNarrowScreen } from '../../../layout/useNarrowScreen.js';
import type { ConflictTicket, Ticket } from '../api/types.js';
import { TicketUiContext, type TicketUi } from '../hooks/ticket-ui-context.js';
import { useListControls } from '../hooks/useListControls.js';
import { useTicket } from '../hooks/useTicket.js';
import { useTicketActions } from '../hooks/useTicketActions.js';
import { useJoinTicketRoom, useTicketLiveEvents } from '../hooks/useTicketLiveEvents.js';
import { TICKETS_NS } from '../i18n/register.js';
import { TicketListPanel } from './TicketListPanel.js';
import { FirstRunChecklist } from './FirstRunChecklist.js';

// What the list's first row does not need loads when asked for (issue #28): the open ticket's pane
// (conversation, contact drawer) and every dialog.
const TicketPane = lazy(() => import('./TicketPane.js').then((m) => ({ default: m.TicketPane })));
const NewTicketDialog = lazyDialog(() => import('../dialogs/NewTicketDialog.js').then((m) => m.NewTicketDialog), (p) => p.isOpen);
const AcceptTicketDialog = lazyDialog(() => import('../dialogs/AcceptTicketDialog.js').then((m) => m.AcceptTicketDialog), (p) => p.ticket !== null);
const TransferTicketDialog = lazyDialog(() => import('../dialogs/TransferTicketDialog.js').then((m) => m.TransferTicketDialog), (p) => p.ticket !== null);
const ResolveTicketDialog = lazyDialog(() => import('../dialogs/ResolveTicketDialog.js').then((m) => m.ResolveTicketDialog), (p) => p.ticket !== null);
const TicketLogDialog = lazyDialog(() => import('../dialogs/TicketLogDialog.js').then((m) => m.TicketLogDialog), (p) => p.ticket !== null);
const TicketInfoModal = lazyDialog(() => import('../dialogs/TicketInfoModal.js').then((m) => m.TicketInfoModal), (p) => p.conflict !== null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type NarrowTab = 'ticket' | 'tickets';

/** /tickets and /tickets/:ticketId (inbox.md §2 Tickets screen). */
export function TicketsPage() {
  const { ticketId } = useParams();
  if (ticketId !== undefined && !UUID.test(ticketId)) return <Navigate to="/tickets" replace />;
  return <TicketsScreen uuid={ticketId} />;
}

function TicketsScreen({ uuid }: { uuid: string | undefined }) {
  const { t } = useTranslation(TICKETS_NS);
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const controls = useListControls();
  const ticketQuery = useTicket(uuid);
  const ticket = uuid ? ticketQuery.data : undefined;

  const [newTicket, setNewTicket] = useState(false);
  const [accepting, setAccepting] = useState<Ticket | null>(null);
  const [transferring, setTransferring] = useState<Ticket | null>(null);
  const [resolving, setResolving] = useState<Ticket | null>(null);
  const [logOf, setLogOf] = useState<Ticket | null>(null);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const [conflict, setConflict] = useState<ConflictTicket | null>(null);
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(uuid ? 'ticket' : 'tickets');

  // Every navigation has its own key: tapping the ticket already selected shows it again too.
  const { key: navigationKey } = useLocation();
  useEffect(() => setNarrowTab(uuid ? 'ticket' : 'tickets'), [uuid, navigationKey]);

  const { setView, setTab } = controls;
  const ui: TicketUi = useMemo(
    () => ({
      openNewTicket: () => setNewTicket(true),
      openAccept: setAccepting,
      openTransfer: (tk) => setTransferring(tk),
      openResolve: setResolving,
      openLog: setLogOf,
      openDelete: setDeleting,
      showConflict: setConflict,
      showAssignedTab: () => {
        setView('open');
        setTab('open');
      },
    }),
    [setView, setTab],
  );

  // The open conversation says 'Ticket encerrado com sucesso.' itself (only for a deletion); here the view just follows.
  useTicketLiveEvents(ticket, () => navigate('/tickets'));
  useJoinTicketRoom(uuid);

  const list = <TicketListPanel controls={controls} selectedUuid={uuid} />;
  const pane = uuid ? (
    <Suspense fallback={<LoadingState />}>
      <TicketPane uuid={uuid} ticket={ticket} error={ticketQuery.error} narrow={narrow} onBack={() => navigate('/tickets')} />
    </Suspense>
  ) : (
    <div className="tk-welcome">
      <FirstRunChecklist />
      <EmptyState icon="chat" title={t('page.welcomeTitle')} description={t('page.welcomeText')} />
    </div>
  );

  return (
    <TicketUiContext.Provider value={ui}>
      <div className={narrow ? 'tk-page tk-page--narrow' : 'tk-page'} data-testid="tickets-page">
        {narrow ? (
          <>
            <Tabs id="tickets-narrow-tabs" selectedTabId={narrowTab} onChange={(id) => setNarrowTab(id as NarrowTab)} className="tk-page__tabs">
              <Tab id="ticket" title={t('page.tabTicket')} disabled={!uuid} />
              <Tab id="tickets" title={t('page.tabTickets')} />
            </Tabs>
            <div className="tk-page__narrow-body">{narrowTab === 'ticket' && uuid ? pane : list}</div>
          </>
        ) : (
          <>
            <div className="tk-page__list">{list}</div>
            <div className="tk-page__pane">{pane}</div>
          </>
        )}
      </div>
      <NewTicketDialog isOpen={newTicket} onClose={() => setNewTicket(false)} />
      <AcceptTicketDialog ticket={accepting} onClose={() => setAccepting(null)} />
      <TransferTicketDialog ticket={transferring} onClose={() => setTransferring(null)} />
      <ResolveTicketDialog ticket={resolving} onClose={() => setResolving(null)} />
      <TicketLogDialog ticket={logOf} onClose={() => setLogOf(null)} />
      <DeleteTicketDialog ticket={deleting} onClose={() => setDeleting(null)} />
      <TicketInfoModal conflict={conflict} onClose={() => setConflict(null)} />
    </TicketUiContext.Provider>
  );
}

function DeleteTicketDialog({ ticket, onClose }: { ticket: Ticket | null; onClose(): void }) {
  const { t } = useTranslation(TICKETS_NS);
  const actions = useTicketActions();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      isOpen={ticket !== null}
      title={ticket ? t('actions.deleteTitle', { name: ticket.contact.name }) : undefined}
      confirmLabel={t('actions.delete')}
      loading={busy}
      onClose={onClose}
      onConfirm={async () => {
        if (!ticket) return;
        setBusy(true);
        const ok = await actions.remove(ticket);
        setBusy(false);
        if (ok) onClose();
      }}
    >
      <p>{t('actions.deleteText')}</p>
    </ConfirmDialog>
  );
}
