import { contactOwnerBulkSchema, type WalletOwner } from '@guiche/contracts';
import { AppError, type AuthUser, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { emitContact } from './contact-events.js';
import { findContact } from './contact-repository.js';
import { checkOwner, listWalletOwners, setOwners } from './wallets.js';

const TAGS = ['contacts'];

export const isAdmin = (auth: AuthUser) => auth.profile === 'admin' || auth.super;

/**
 * Only an admin puts contacts in (or takes them out of) a wallet; an agent's write that keeps the
 * owner as it is passes (the contact dialog sends it back unchanged).
 */
export function guardOwnerChange(auth: AuthUser, requested: number | null | undefined, current: number | null): void {
  if (requested === undefined || requested === current || isAdmin(auth)) return;
  throw new AppError('ERR_NO_PERMISSION', 403);
}

/** An import row naming an owner (the wallet column) is an owner change: admins only. */
export function guardImportOwner(auth: AuthUser, ownerEmail: string | undefined): void {
  if (ownerEmail && !isAdmin(auth)) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** /wallets (issue #33): who owns contacts and how many; the bulk owner change of the contacts page. */
export function registerWalletRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    /** Admins see every owner of the company; an agent sees only their own wallet. */
    scope.get('/wallets', { schema: { tags: TAGS } }, async (request): Promise<WalletOwner[]> => {
      const { auth } = request;
      return listWalletOwners(core.db, auth.companyId, isAdmin(auth) ? undefined : auth.id);
    });

    scope.put('/contacts/owner', { onRequest: requireAdmin, schema: { tags: TAGS, body: contactOwnerBulkSchema } }, async (request) => {
      const { auth, body } = request;
      await checkOwner(core.db, auth.companyId, body.ownerUserId);
      const ids = await setOwners(core.db, auth.companyId, body.contactIds, body.ownerUserId);
      for (const id of ids) {
        const contact = await findContact(core.db, auth.companyId, id);
        if (contact) await emitContact(core, auth.companyId, 'update', contact);
      }
      return { updated: ids.length };
    });
  });
}
