import { DisconnectReason } from '@whiskeysockets/baileys';
import type { DisconnectInfo } from '@guiche/core';

/** Where the session remembers that it already recovered from a bad session once (survives the restart). */
export const META = 'guiche-session';
export const BAD_SESSION_MARK = 'bad-session';

/** The HTTP-like status Baileys puts on a close error (a Boom's output.statusCode). */
export function closeCode(error: unknown): number | undefined {
  const boom = error as { output?: { statusCode?: unknown }; statusCode?: unknown } | undefined;
  const code = boom?.output?.statusCode ?? boom?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

export interface CloseContext {
  /** The session was paired (creds hold an account): a close before pairing must not loop on QR codes. */
  paired: boolean;
  /** A bad session was already recovered from once since the last successful open. */
  badSessionBefore: boolean;
}

/** What the runtime should do after Baileys closed the socket with `code`. */
export function disconnectAction(code: number | undefined, context: CloseContext): DisconnectInfo & { clearAuth?: boolean } {
  const message = code !== undefined ? DisconnectReason[code] : undefined;
  const info = (action: DisconnectInfo['action'], extra: { clearAuth?: boolean } = {}) => ({ code, action, ...(message ? { message } : {}), ...extra });
  switch (code) {
    case DisconnectReason.loggedOut:
    case DisconnectReason.multideviceMismatch:
      // The phone unlinked this device (or it must be linked again): drop the session, never reconnect.
      return info('logout');
    case DisconnectReason.restartRequired:
      return info('restart');
    case DisconnectReason.connectionReplaced:
      // Another client took the session over: reconnecting would kick it out in turn, forever.
      return info('stop');
    case DisconnectReason.forbidden:
      // The account is banned or restricted: retrying cannot help.
      return info('stop');
    case DisconnectReason.badSession:
      return context.badSessionBefore ? info('stop') : info('restart', { clearAuth: true });
    default:
      // Unpaired: the QR window ran out; a new QR is asked for from the connections page.
      if (!context.paired) return info('stop');
      return info('reconnect');
  }
}
