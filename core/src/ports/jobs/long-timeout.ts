/** setTimeout caps delays at 2^31-1 ms (~24.8 days); longer waits are chained. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface Cancellable {
  cancel(): void;
}

export function setLongTimeout(run: () => void, delayMs: number): Cancellable {
  let timer: NodeJS.Timeout;
  const dueAt = Date.now() + Math.max(0, delayMs);
  const arm = () => {
    const remaining = dueAt - Date.now();
    if (remaining > MAX_TIMEOUT_MS) {
      timer = setTimeout(arm, MAX_TIMEOUT_MS);
    } else {
      timer = setTimeout(run, Math.max(0, remaining));
    }
  };
  arm();
  return { cancel: () => clearTimeout(timer) };
}
