import { PermanentSendError, retryPolicy } from '@guiche/core';

/** Telegram's base URL (TELEGRAM_API_URL points tests at a local fake). */
export const apiBase = (): string => (process.env.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, '');

/** An answer with ok:false (error_code, description, parameters.retry_after) or no answer at all (code 0). */
export class BotApiError extends Error {
  constructor(readonly code: number, readonly description: string, readonly retryAfter?: number) {
    super(`Telegram ${code || 'unreachable'}: ${description}`);
  }
}

/** A revoked token (401) or a deleted bot (404): nothing works until a new token is saved. */
export const isDeadToken = (err: unknown): err is BotApiError => err instanceof BotApiError && (err.code === 401 || err.code === 404);

/** What trying again cannot fix: the user blocked the bot or is gone (403), no such chat (400): failed at once. */
export function sendError(err: unknown): unknown {
  const permanent = err instanceof BotApiError && (err.code === 403 || (err.code === 400 && /chat not found|user not found/i.test(err.description)));
  return permanent ? new PermanentSendError(err.message, err.code) : err;
}

/** The longest retry_after a send waits for itself; longer ones go back to core's retries. */
const MAX_WAIT_S = 30;

export type BotApi = <T = any>(method: string, params?: Record<string, unknown> | FormData, signal?: AbortSignal) => Promise<T>;

/** A 429 whose retry_after is short enough to wait out here. */
const waitable = (e: Error): boolean => e instanceof BotApiError && e.code === 429 && e.retryAfter !== undefined && e.retryAfter <= MAX_WAIT_S;
const rateLimits = retryPolicy({ retries: Infinity, backoffMs: 0, retryWhen: waitable, waitOf: (e) => (e as BotApiError).retryAfter! * 1000 });

/** Calls /bot<token>/<method>; a 429 is waited out (retry_after seconds) and tried again. */
export function botApi(token: string): BotApi {
  return function call<T>(method: string, params: Record<string, unknown> | FormData = {}, signal?: AbortSignal): Promise<T> {
    return rateLimits.execute(async () => {
      let body: { ok: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } };
      try {
        const isForm = params instanceof FormData;
        const res = await fetch(`${apiBase()}/bot${token}/${method}`, { method: 'POST', signal: signal ?? AbortSignal.timeout(60_000), ...(isForm ? { body: params } : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) }) });
        body = (await res.json().catch(() => ({ ok: false, error_code: res.status, description: res.statusText }))) as typeof body;
      } catch (err) {
        if (signal?.aborted) throw err;
        throw new BotApiError(0, (err as Error).message);
      }
      if (body.ok) return body.result as T;
      throw new BotApiError(body.error_code ?? 0, body.description ?? 'no description', body.parameters?.retry_after);
    });
  };
}

/** A file a message carries: getFile, then /file/bot<token>/<file_path>. */
export async function downloadFile(token: string, fileId: string): Promise<Buffer> {
  const file = await botApi(token)<{ file_path?: string }>('getFile', { file_id: fileId });
  if (!file.file_path) throw new BotApiError(400, 'file not downloadable');
  const res = await fetch(`${apiBase()}/file/bot${token}/${file.file_path}`, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new BotApiError(res.status, `file download answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
