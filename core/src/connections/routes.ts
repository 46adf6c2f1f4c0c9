import { connectionInputSchema, connectionQuerySchema, connectionUpdateSchema, idParams } from '@guiche/contracts';
import type { FastifyRequest, Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { canManageConnections, requireConnectionManager } from './permissions.js';
import { findConnection, listConnections, type ConnectionView } from './repository.js';
import { createConnection, deleteConnection, updateConnection } from './service.js';
import { logoutSession, requestNewQr, restartSessions, startSession } from './session.js';
import { deleteGreetingMedia, uploadGreetingMedia } from './media.js';
import { registerPairingRoutes } from './pairing-routes.js';
import { defineDownAlerts, loadAlerts } from './down-alerts.js';

const tags = ['connections'];

/**
 * Connections (account-admin.md §2, §7). Every member of the company may list them (ticket,
 * campaign and user forms pick one); only admins and allowConnections users see the QR code,
 * session and token, and change anything.
 */
export function registerConnectionRoutes(routes: Routes, core: CoreServices): void {
  defineDownAlerts(core);
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    async function viewFor(request: FastifyRequest, session?: string): Promise<ConnectionView> {
      return { secrets: await canManageConnections(core, request.auth), session: session !== '0' && session !== 'false' };
    }

    scope.get('/whatsapp', { schema: { querystring: connectionQuerySchema, tags } }, async (request) => {
      return listConnections(core.db, request.auth.companyId, await viewFor(request, request.query.session));
    });

    scope.get('/whatsapp/:id', { schema: { params: idParams, querystring: connectionQuerySchema, tags } }, async (request) => {
      return findConnection(core.db, request.auth.companyId, request.params.id, await viewFor(request, request.query.session));
    });

    scope.register(async (managers: Routes) => {
      managers.addHook('onRequest', requireConnectionManager(core));

      managers.post('/whatsapp', { schema: { body: connectionInputSchema, tags } }, async (request, reply) => {
        return reply.code(201).send(await createConnection(core, request.auth.companyId, request.body));
      });

      managers.put('/whatsapp/:id', { schema: { params: idParams, body: connectionUpdateSchema, tags } }, async (request) => {
        return updateConnection(core, request.auth.companyId, request.params.id, request.body);
      });

      managers.delete('/whatsapp/:id', { schema: { params: idParams, tags } }, async (request) => {
        await deleteConnection(core, request.auth.companyId, request.params.id);
        return { message: 'Connection deleted.' };
      });

      managers.post('/whatsapp/:id/media-upload', { schema: { params: idParams, tags } }, async (request) => {
        return uploadGreetingMedia(core, request, request.auth.companyId, request.params.id);
      });

      managers.delete('/whatsapp/:id/media-upload', { schema: { params: idParams, tags } }, async (request) => {
        return deleteGreetingMedia(core, request.auth.companyId, request.params.id);
      });

      managers.post('/whatsappsession/:id', { schema: { params: idParams, tags } }, async (request) => {
        return startSession(core, request.auth.companyId, request.params.id);
      });

      managers.put('/whatsappsession/:id', { schema: { params: idParams, tags } }, async (request) => {
        return requestNewQr(core, request.auth.companyId, request.params.id);
      });

      managers.delete('/whatsappsession/:id', { schema: { params: idParams, tags } }, async (request) => {
        return logoutSession(core, request.auth.companyId, request.params.id);
      });

      registerPairingRoutes(managers, core);

      // Connections down now or dropping repeatedly within the hour (the banner's and the page's alerts).
      managers.get('/connection-alerts', { schema: { tags } }, async (request) => loadAlerts(core.db, request.auth.companyId));

      // The web calls it with a trailing slash (account-admin.md §7): the router ignores trailing slashes.
      managers.post('/whatsapp-restart', { schema: { tags } }, async (request) => {
        const connections = await restartSessions(core, request.auth.companyId);
        return { message: 'Restarting connections.', connectionIds: connections.map((c) => c.id) };
      });
    });
  });
}
