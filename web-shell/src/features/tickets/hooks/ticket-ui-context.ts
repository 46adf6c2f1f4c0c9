import { createContext, useContext } from 'react';
import type { ConflictTicket, Ticket } from '../api/types.js';

/** Opens the tickets screen's dialogs from anywhere below the page (list rows, header, notifications). */
export interface TicketUi {
  openNewTicket(): void;
  openAccept(ticket: Ticket): void;
  openTransfer(ticket: Ticket, then?: 'reopen'): void;
  openResolve(ticket: Ticket): void;
  openLog(ticket: Ticket): void;
  openDelete(ticket: Ticket): void;
  showConflict(conflict: ConflictTicket): void;
  /** After an accept or reopen the open view shows the assigned tab. */
  showAssignedTab(): void;
}

export const TicketUiContext = createContext<TicketUi | null>(null);

export function useTicketUi(): TicketUi {
  const ui = useContext(TicketUiContext);
  if (!ui) throw new Error('useTicketUi must be used inside the tickets page');
  return ui;
}
