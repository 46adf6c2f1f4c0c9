import { recoveryResetSchema, recoverySendSchema, recoveryVerifyParams, recoveryVerifyQuery } from '@guiche/contracts';
import type { Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import { createRecovery } from './recovery.js';

/**
 * The spec's recovery calls (account-admin.md §7) under the API base, without their original
 * leaks: enviar-email answers the same whether or not the number is registered, verificar-code
 * checks the code on the server and answers a proof, atualizar-senha takes that proof.
 */
export function registerRecoveryRoutes(routes: Routes, core: CoreServices): void {
  const recovery = createRecovery(core);

  routes.post('/enviar-email', { schema: { body: recoverySendSchema, tags: ['recovery'] } }, async (request) => {
    await recovery.send(request.body.wpp, request.ip);
    return { sent: true };
  });

  routes.get('/verificar-code/:wpp', { schema: { params: recoveryVerifyParams, querystring: recoveryVerifyQuery, tags: ['recovery'] } }, async (request) => {
    const proof = await recovery.verify(request.params.wpp, request.query.code, request.ip);
    return { proof };
  });

  routes.put('/atualizar-senha', { schema: { body: recoveryResetSchema, tags: ['recovery'] } }, async (request) => {
    await recovery.reset(request.body.proof, request.body.newPassword, request.ip);
    return { updated: true };
  });
}
