import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

/**
 * The page's toasts, at the bottom left: at the top right they covered the top bar's buttons and
 * the ticket header's actions ("Transferir" right after "Aceitar").
 */
export const TOASTER_CLASS = 'app-toasts';
/** A toast without an action lets the pointer through: it never blocks, nor stays while hovered. */
export const PASSIVE_TOAST_CLASS = 'app-toast-passive';
import { i18n } from './i18n/index.js';
import { errorCodeOf } from './errors.js';

/** Toast duration for errors (inbox.md §9). */
export const ERROR_TOAST_MS = 2000;
const DEFAULT_TOAST_MS = 3000;

// One toaster per page (the sdk is a singleton); created on first use.
let toasterPromise: Promise<Toaster> | null = null;
function toaster(): Promise<Toaster> {
  toasterPromise ??= OverlayToaster.create({ position: Position.BOTTOM_LEFT, maxToasts: 5, className: TOASTER_CLASS });
  return toasterPromise;
}

export function showToast(props: ToastProps): void {
  const passive = props.action ? undefined : PASSIVE_TOAST_CLASS;
  void toaster().then((t) => t.show({ ...props, className: [props.className, passive].filter(Boolean).join(' ') || undefined }));
}

/** The text shown for an error: its translated code, the raw server text, or a generic message. */
export function errorText(err: unknown): string {
  const code = errorCodeOf(err);
  if (code) {
    const key = `errors.${code}`;
    return i18n.exists(key) ? i18n.t(key) : code;
  }
  if (typeof err === 'string' && err.trim()) return err;
  const data = (err as { response?: { data?: unknown } } | null)?.response?.data;
  if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return data;
  return i18n.t('common.genericError');
}

export function toastError(err: unknown): void {
  showToast({ message: errorText(err), intent: Intent.DANGER, icon: 'error', timeout: ERROR_TOAST_MS });
}

export function toastSuccess(message: string): void {
  showToast({ message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: DEFAULT_TOAST_MS });
}

export function toastWarning(message: string, timeout = DEFAULT_TOAST_MS): void {
  showToast({ message, intent: Intent.WARNING, icon: 'warning-sign', timeout });
}

export function toastInfo(message: string, timeout = DEFAULT_TOAST_MS): void {
  showToast({ message, intent: Intent.PRIMARY, icon: 'info-sign', timeout });
}
