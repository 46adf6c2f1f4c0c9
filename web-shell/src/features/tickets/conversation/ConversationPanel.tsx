import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Callout, Intent } from '@blueprintjs/core';
import type { MessageRecord } from '@guiche/contracts';
import { ConfirmDialog, ErrorCard, LoadingState, toastError, toastSuccess, useSession, useTranslation } from '@guiche/web-sdk';
import './i18n/register.js';
import './conversation.css';
import { NS } from './i18n/register.js';
import { deleteMessage, reactToMessage } from './api.js';
import { useConversationLive, useConversationTicket, useTicketMessages, useUpsertMessages } from './hooks/useConversationData.js';
import { useEarlierMessages } from './hooks/useEarlierMessages.js';
import { useReadWhileOpen } from './hooks/useReadWhileOpen.js';
import { hasReplyWindow, isWritableStatus } from './lib/messages.js';
import type { ConversationTicket } from './types.js';
import { MessageList } from './components/MessageList.js';
import { useConnectionDown } from './hooks/useConnectionDown.js';
import { MessageInput } from './components/MessageInput.js';
import type { MessageActions } from './components/MessageItem.js';
import { ImageGallery } from './components/ImageGallery.js';
import { EditMessageDialog } from './components/EditMessageDialog.js';
import { ForwardDialog } from './components/ForwardDialog.js';
import { useStartTicket } from './components/useStartTicket.js';
import { useReplyWindow } from './hooks/useReplyWindow.js';
import { ReplyWindowNotice } from './components/ReplyWindowNotice.js';
import { TemplateDialog } from './components/TemplateDialog.js';

export interface ConversationPanelProps {
  ticketUuid: string;
  /** The ticket was deleted/closed for good while on screen (after 'Ticket encerrado com sucesso.'). */
  onTicketClosed?: () => void;
}

/** The conversation of one ticket: its messages, the live updates and the input (inbox.md §2). */
export function ConversationPanel({ ticketUuid, onTicketClosed }: ConversationPanelProps) {
  const navigate = useNavigate();
  const ticket = useConversationTicket(ticketUuid);

  // inbox.md §8: a ticket that cannot be loaded sends the agent back to /tickets.
  useEffect(() => {
    if (!ticket.isError) return;
    toastError(ticket.error);
    navigate('/tickets', { replace: true });
  }, [ticket.isError, ticket.error, navigate]);

  if (ticket.isLoading) return <LoadingState />;
  if (ticket.isError || !ticket.data) return <ErrorCard error={ticket.error} onRetry={() => void ticket.refetch()} />;
  return <Conversation key={ticket.data.id} ticket={ticket.data} onTicketClosed={onTicketClosed} />;
}

function Conversation({ ticket, onTicketClosed }: { ticket: ConversationTicket; onTicketClosed?: () => void }) {
  const connectionDown = useConnectionDown(ticket.whatsappId);
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const navigate = useNavigate();
  const messagesQuery = useTicketMessages(ticket.id);
  const upsert = useUpsertMessages(ticket.id);
  const startTicket = useStartTicket(ticket);

  const closed = useCallback((moved: boolean) => {
    // Only a deletion says so: a ticket transferred away leaves quietly (whoever moved it saw 'Ticket transferido.').
    if (!moved) toastSuccess(t('ticket.closed'));
    if (onTicketClosed) onTicketClosed();
    else navigate('/tickets');
  }, [navigate, onTicketClosed, t]);
  const presence = useConversationLive(ticket, closed);
  useReadWhileOpen(ticket);

  const [replyTo, setReplyTo] = useState<MessageRecord | null>(null);
  const [editing, setEditing] = useState<MessageRecord | null>(null);
  const [deleting, setDeleting] = useState<MessageRecord | null>(null);
  const [removing, setRemoving] = useState(false);
  const [image, setImage] = useState<MessageRecord | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [forwardIds, setForwardIds] = useState<number[] | null>(null);

  const writable = isWritableStatus(ticket.status);
  // Meta channels: past the 24-hour window a free-form send would fail, so the input says what is allowed.
  const replyWindow = useReplyWindow(ticket, messagesQuery.messages);
  const windowBlocks = replyWindow !== null && (replyWindow.state === 'template' || replyWindow.state === 'closed');
  const [templateOpen, setTemplateOpen] = useState(false);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = messagesQuery;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // A returning customer: above this ticket's first message, their earlier conversations (read-only).
  const [wantEarlier, setWantEarlier] = useState(false);
  const earlier = useEarlierMessages(ticket.id, wantEarlier);
  const { fetchNextPage: fetchEarlierPage, more: moreEarlier, loading: loadingEarlier } = earlier;
  const earlierControl = useMemo(
    () => ({ more: moreEarlier, loading: loadingEarlier, load: () => (wantEarlier ? void fetchEarlierPage() : setWantEarlier(true)) }),
    [moreEarlier, loadingEarlier, wantEarlier, fetchEarlierPage],
  );
  const shownMessages = useMemo(() => (earlier.messages.length ? [...earlier.messages, ...messagesQuery.messages] : messagesQuery.messages), [earlier.messages, messagesQuery.messages]);

  const actions = useMemo<MessageActions>(
    () => ({
      reply: (m) => setReplyTo(m),
      react: (m, emoji) => {
        reactToMessage(m, emoji).catch(toastError);
      },
      edit: (m) => setEditing(m),
      remove: (m) => setDeleting(m),
      forward: (m) => setForwardIds([m.id]),
      toggleSelect: (m) => {
        setSelecting(true);
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(m.id)) next.delete(m.id);
          else next.add(m.id);
          return next;
        });
      },
      openImage: (m) => setImage(m),
      startTicket: (card) => void startTicket(card),
      jumpTo: (id) => {
        const el = document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
        if (!el) return;
        el.scrollIntoView({ block: 'center', behavior: 'smooth' });
        el.classList.add('cv-message--flash');
        setTimeout(() => el.classList.remove('cv-message--flash'), 1500);
      },
    }),
    [startTicket],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      upsert([await deleteMessage(deleting.id)]);
      setDeleting(null);
    } catch (err) {
      toastError(err);
    } finally {
      setRemoving(false);
    }
  };

  const endSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  // The selection forwards in the conversation's order.
  const selectedInOrder = messagesQuery.messages.filter((m) => selected.has(m.id)).map((m) => m.id);

  return (
    <section className="cv-panel" aria-label={t('panel.label', { name: ticket.contact?.name ?? '' })} data-testid="conversation-panel" data-ticket-status={ticket.status}>
      {hasReplyWindow(ticket.whatsapp?.channel ?? ticket.channel) && (
        <Callout intent={Intent.PRIMARY} icon="time" className="cv-notice" data-testid="reply-window-notice">
          {t('notice.replyWindow')}
        </Callout>
      )}
      {selecting && (
        <div className="cv-selection" role="toolbar" aria-label={t('selection.label')} data-testid="selection-bar">
          <span>{t('selection.count', { count: selected.size })}</span>
          <Button icon="share" intent="primary" text={t('selection.forward')} onClick={() => (selected.size ? setForwardIds(selectedInOrder) : toastError(t('forward.nothing')))} data-testid="selection-forward" />
          <Button icon="cross" variant="minimal" text={t('actions.cancel')} onClick={endSelection} />
        </div>
      )}
      {messagesQuery.isLoading ? (
        <LoadingState />
      ) : messagesQuery.isError && !messagesQuery.data ? (
        <ErrorCard error={messagesQuery.error} onRetry={() => void messagesQuery.refetch()} />
      ) : (
        <MessageList
          messages={shownMessages}
          currentTicketId={ticket.id}
          earlierTickets={earlier.tickets}
          earlier={earlierControl}
          myUserId={user?.id}
          isGroup={ticket.isGroup}
          hasOlder={Boolean(hasNextPage)}
          loadingOlder={isFetchingNextPage}
          loadOlder={loadOlder}
          selecting={selecting}
          selectedIds={selected}
          actions={actions}
          connectionDown={connectionDown}
        />
      )}
      <div className="cv-presence" aria-live="polite" data-testid="presence">
        {presence === 'composing' ? t('presence.composing') : presence === 'recording' ? t('presence.recording') : ''}
      </div>
      {replyWindow && <ReplyWindowNotice info={replyWindow} writable={writable} onTemplate={() => setTemplateOpen(true)} />}
      {!writable && (
        <Callout intent={Intent.NONE} icon="lock" className="cv-notice" data-testid="input-disabled-notice">
          {ticket.status === 'pending' ? t('notice.pending') : t('notice.closed')}
        </Callout>
      )}
      <MessageInput
        ticketId={ticket.id}
        disabled={!writable}
        publicBlocked={windowBlocks ? t(replyWindow?.state === 'template' ? 'window.inputTemplate' : 'window.inputClosed') : undefined}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSent={upsert}
      />
      {replyWindow?.channel === 'whatsappapi' && ticket.whatsappId && (
        <TemplateDialog isOpen={templateOpen} ticketId={ticket.id} connectionId={ticket.whatsappId} onClose={() => setTemplateOpen(false)} />
      )}
      <ImageGallery ticketId={ticket.id} start={image} onClose={() => setImage(null)} />
      <EditMessageDialog message={editing} onClose={() => setEditing(null)} onEdited={(m) => upsert([m])} />
      <ConfirmDialog isOpen={Boolean(deleting)} title={t('delete.title')} loading={removing} onConfirm={() => void confirmDelete()} onClose={() => setDeleting(null)} confirmLabel={t('delete.confirm')}>
        <p>{t('delete.message')}</p>
      </ConfirmDialog>
      <ForwardDialog messageIds={forwardIds ?? []} isOpen={forwardIds !== null} onClose={() => setForwardIds(null)} onForwarded={endSelection} />
    </section>
  );
}
