import type { Socket } from 'socket.io-client';

/** Polls until the check returns a truthy value or the time runs out (then throws). */
export async function waitFor<T>(check: () => T | Promise<T>, { timeout = 10000, interval = 50 } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`waitFor timed out${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** The next payload of an event on a socket, optionally matching a predicate. */
export function nextEvent<T = any>(socket: Socket, event: string, match: (payload: T) => boolean = () => true, timeout = 10000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeout} ms`));
    }, timeout);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/**
 * Collects every event a socket receives (any name) while `during` runs and a short settle time
 * after it; used to prove a socket received nothing it should not see.
 */
export async function expectNoEvent(socket: Socket, eventPattern: RegExp, during: () => Promise<unknown>, settleMs = 500): Promise<string[]> {
  const seen: string[] = [];
  const listener = (event: string) => {
    if (eventPattern.test(event)) seen.push(event);
  };
  socket.onAny(listener);
  try {
    await during();
    await new Promise((r) => setTimeout(r, settleMs));
  } finally {
    socket.offAny(listener);
  }
  return seen;
}
