import type { Connection, ConnectionStatus } from '@guiche/contracts';

/** The statuses in which a session can hand out a pairing code (it waits to be linked). */
export const PAIRABLE_STATUSES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING'];

/** WhatsApp's 8-character code as the phone shows its boxes: ABCD-1234. */
export function formatPairingCode(code: string): string {
  const clean = code.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return clean.length === 8 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

export interface QrDialogState {
  /** A QR code was shown in this dialog. */
  hadQr: boolean;
  /** A pairing code was handed out in this dialog: the QR is gone on purpose (PAIRING). */
  pairing: boolean;
}

/**
 * Whether a live update ends the QR dialog (account-admin.md §4): connected; or, with a QR shown,
 * an update without one (scanned, or given up). While pairing by code the QR is empty by design
 * (PAIRING may even arrive before the code's answer), so only the end of the pairing (connected,
 * disconnected, timed out) closes it.
 */
export function qrDialogEnds(state: QrDialogState, connection: Pick<Connection, 'status' | 'qrcode'>): boolean {
  if (connection.status === 'CONNECTED') return true;
  if (state.pairing || connection.status === 'PAIRING') return connection.status === 'DISCONNECTED' || connection.status === 'TIMEOUT';
  return state.hadQr && !connection.qrcode;
}
