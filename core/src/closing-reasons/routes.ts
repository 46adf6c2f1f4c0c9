import { z } from 'zod';
import { closingReasonInputSchema, closingReasonUpdateSchema, Events, idParams, Rooms, type ClosingReason } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import { isUniqueViolation } from '../contacts/contact-repository.js';
import type { CoreServices } from '../services.js';
import { CLOSING_REASON_NAME_INDEX, closingReasonInUse, closingReasonNameTaken, findClosingReason, listClosingReasons } from './repository.js';

const TAGS = ['closing-reasons'];
const listQuery = z.object({ active: z.enum(['true', 'false']).optional() });

async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, CLOSING_REASON_NAME_INDEX)) throw new AppError('ERR_DUPLICATED_CLOSING_REASON', 409);
    throw error;
  }
}

/**
 * Closing reasons (issue #33): admins keep the list; every user reads the active ones (the resolve
 * dialog's picker). Changes reach the company's sockets as `company-{id}-closingReason`.
 */
export function registerClosingReasonRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;
  const emit = (companyId: number, payload: { action: 'create' | 'update'; closingReason: ClosingReason } | { action: 'delete'; closingReasonId: number }) =>
    core.realtime.emit(Rooms.company(companyId), Events.closingReason(companyId), payload);
  const mustFind = async (companyId: number, id: number) => {
    const reason = await findClosingReason(db, companyId, id);
    if (!reason) throw new AppError('ERR_NO_CLOSING_REASON_FOUND', 404);
    return reason;
  };

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    // Non-admins see only the active reasons, whatever they ask.
    scope.get('/closing-reasons', { schema: { tags: TAGS, querystring: listQuery } }, async (request) => {
      const isAdmin = request.auth.profile === 'admin' || request.auth.super;
      return listClosingReasons(db, request.auth.companyId, !isAdmin || request.query.active === 'true');
    });

    scope.post('/closing-reasons', { schema: { tags: TAGS, body: closingReasonInputSchema }, preHandler: requireAdmin }, async (request, reply) => {
      const { companyId } = request.auth;
      if (await closingReasonNameTaken(db, companyId, request.body.name)) throw new AppError('ERR_DUPLICATED_CLOSING_REASON', 409);
      const [row] = await guardName(() => db('closingReasons').insert({ ...request.body, companyId }).returning('id'));
      const reason = await mustFind(companyId, row.id);
      emit(companyId, { action: 'create', closingReason: reason });
      return reply.code(201).send(reason);
    });

    scope.put('/closing-reasons/:id', { schema: { tags: TAGS, params: idParams, body: closingReasonUpdateSchema }, preHandler: requireAdmin }, async (request) => {
      const { companyId } = request.auth;
      const { id } = request.params;
      await mustFind(companyId, id);
      if (request.body.name && (await closingReasonNameTaken(db, companyId, request.body.name, id))) throw new AppError('ERR_DUPLICATED_CLOSING_REASON', 409);
      await guardName(() => db('closingReasons').where({ id, companyId }).update({ ...request.body, updatedAt: db.fn.now() }));
      const reason = await mustFind(companyId, id);
      emit(companyId, { action: 'update', closingReason: reason });
      return reason;
    });

    // A reason tickets were closed with stays (the report and history name it): deactivate it instead.
    scope.delete('/closing-reasons/:id', { schema: { tags: TAGS, params: idParams }, preHandler: requireAdmin }, async (request) => {
      const { companyId } = request.auth;
      const { id } = request.params;
      await mustFind(companyId, id);
      if (await closingReasonInUse(db, companyId, id)) throw new AppError('ERR_CLOSING_REASON_IN_USE', 409);
      try {
        await db('closingReasons').where({ id, companyId }).delete();
      } catch (error) {
        // A ticket closed with it between the check and the delete (the foreign key restricts).
        if ((error as { code?: string }).code === '23503') throw new AppError('ERR_CLOSING_REASON_IN_USE', 409);
        throw error;
      }
      emit(companyId, { action: 'delete', closingReasonId: id });
      return { message: 'Closing reason deleted' };
    });
  });
}
