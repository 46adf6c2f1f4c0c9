import type { Socket } from 'socket.io-client';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** One JSON call to the API as a user would make it. */
export async function call<T = any>(apiUrl: string, token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(apiUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export function client(apiUrl: string, token: string) {
  return {
    get: <T = any>(path: string) => call<T>(apiUrl, token, 'GET', path),
    post: <T = any>(path: string, body?: unknown) => call<T>(apiUrl, token, 'POST', path, body),
    put: <T = any>(path: string, body?: unknown) => call<T>(apiUrl, token, 'PUT', path, body),
    delete: <T = any>(path: string) => call<T>(apiUrl, token, 'DELETE', path),
    async upload<T = any>(path: string, form: FormData): Promise<ApiAnswer<T>> {
      const res = await fetch(apiUrl + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}
export type Client = ReturnType<typeof client>;

export interface Received {
  event: string;
  payload: any;
}

/** Records every event a socket receives, and waits for one matching a predicate. */
export function recorder(socket: Socket) {
  const received: Received[] = [];
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    const entry = { event, payload };
    received.push(entry);
    for (const waiter of [...waiters]) {
      if (waiter.match(entry)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  return {
    received,
    /** Resolves with the first (past or future) event matching; fails after a bounded wait. */
    waitFor(match: (r: Received) => boolean, what = 'event', timeoutMs = 10000): Promise<Received> {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      });
    },
  };
}
