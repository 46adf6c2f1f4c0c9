import type { AuthResponse, LoginInput } from '@guiche/contracts';

/** An API failure shaped as the shell's api client reports one (what the sdk's toastError reads). */
export interface HandedError {
  isAxiosError: true;
  response?: { status: number; data: unknown };
}

/**
 * What the light login hands to the whole shell when it loads (issue #28): either the answer of a
 * login it made (the shell shows the same toasts a login inside the shell does), or what the person
 * typed, for the shell's own form to validate and show (with the server's error, when there was one).
 */
export type LoginHandover = { kind: 'signed-in'; data: AuthResponse } | { kind: 'retry'; values: LoginInput; error: HandedError | null };

let pending: LoginHandover | null = null;
let lightRoot: { unmount(): void } | null = null;

export function handOver(handover: LoginHandover): void {
  pending = handover;
}

/** The pending handover of this kind, left in place (a render may read it more than once). */
export function peekHandover<K extends LoginHandover['kind']>(kind: K): Extract<LoginHandover, { kind: K }> | null {
  return pending?.kind === kind ? (pending as Extract<LoginHandover, { kind: K }>) : null;
}

/** Marks a handover as acted on; false when it already was (React may run an effect twice). */
export function settleHandover(handover: LoginHandover): boolean {
  if (pending !== handover) return false;
  pending = null;
  return true;
}

/** The light login's React root: it stays on screen until the whole shell is ready to replace it. */
export function keepLightRoot(root: { unmount(): void }): void {
  lightRoot = root;
}

export function releaseLightRoot(): void {
  lightRoot?.unmount();
  lightRoot = null;
}
