import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../plugin-sdk/types.js';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import { isSubscriptionExpired } from '../domain/subscription.js';
import type { CoreServices } from '../services.js';

/** What an expired company may still call: signing in and out, its invoices, the checkout, helps. */
const ALLOWED = ['/auth', '/invoices', '/subscription', '/helps'];

export function allowedWhileExpired(apiBase: string, url: string | undefined): boolean {
  if (!url?.startsWith(`${apiBase}/`)) return true; // the web, the socket, the docs: not the API
  const path = url.slice(apiBase.length);
  return ALLOWED.some((p) => path === p || path.startsWith(`${p}/`));
}

/** True when the signed-in user's company is past its due date (company 1 never expires). */
export async function companyExpired(core: CoreServices, auth: { id: number; companyId: number }): Promise<{ expired: boolean; dueDate: string | null }> {
  if (auth.companyId === SUPER_COMPANY_ID) return { expired: false, dueDate: null };
  // The token gate already holds the company's due date for this request (invalidated on renewal).
  const dueDate = (await core.tokens.companyDueDate(auth.id)) ?? null;
  return { expired: isSubscriptionExpired(auth.companyId, dueDate), dueDate };
}

/**
 * Subscription enforcement (issue #9): once a route's own onRequest hooks identified the user, a
 * company whose due date has passed gets 402 ERR_SUBSCRIPTION_EXPIRED (with the due date) from
 * every API route but the allow-list. 402, not 403: the web answers a 403 with a token refresh and
 * a retry, which would only repeat the refusal. The token is still issued at login (the web goes
 * to /financeiro-aberto), and paying frees the company on its next request: the due date comes
 * from the token gate's cache, which a renewal or a due-date edit invalidates on every node.
 * Routes without a user (webhooks, channel callbacks, public pages) are not concerned.
 */
export function installExpiredGuard(app: FastifyInstance, core: CoreServices): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const auth = (request as { auth?: { id: number; companyId: number } }).auth;
    if (!auth?.companyId || auth.companyId === SUPER_COMPANY_ID) return;
    if (allowedWhileExpired(core.config.API_BASE, request.routeOptions.url)) return;
    const { expired, dueDate } = await companyExpired(core, auth);
    if (expired) throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, { dueDate });
  });
}
