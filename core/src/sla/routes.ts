import { Events, idParams, Rooms, slaTargetInputSchema, slaTargetUpdateSchema, type SlaTarget } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import { isUniqueViolation } from '../contacts/contact-repository.js';
import type { CoreServices } from '../services.js';
import { findSlaTarget, listSlaTargets, recheckQueue, SLA_TARGET_SCOPE_INDEX, slaScopeTaken } from './targets.js';

const TAGS = ['sla'];

/**
 * SLA targets (issue #33): the company's admins keep them (the SLA page). A change re-checks the
 * active tickets of the queues it touches in the same transaction; the admins' sockets get
 * `company-{id}-slaTarget`. Audited through AUDITED_PATHS ('/sla-targets').
 */
export function registerSlaRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;
  const emit = (companyId: number, payload: { action: 'create' | 'update'; slaTarget: SlaTarget } | { action: 'delete'; slaTargetId: number }) =>
    core.realtime.emit(Rooms.companyAdmins(companyId), Events.slaTarget(companyId), payload);
  const mustFind = async (companyId: number, id: number) => {
    const target = await findSlaTarget(db, companyId, id);
    if (!target) throw new AppError('ERR_NO_SLA_TARGET_FOUND', 404);
    return target;
  };
  /** The queue and connection must be the caller's company's (another's → 404, as if absent). */
  const checkScope = async (companyId: number, queueId: number, whatsappId: number | null, exceptId?: number) => {
    if (!(await db('queues').where({ id: queueId, companyId }).first('id'))) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    if (whatsappId !== null && !(await db('whatsapps').where({ id: whatsappId, companyId }).first('id'))) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    if (await slaScopeTaken(db, companyId, queueId, whatsappId, exceptId)) throw new AppError('ERR_DUPLICATED_SLA_TARGET', 409);
  };
  const guardScope = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, SLA_TARGET_SCOPE_INDEX)) throw new AppError('ERR_DUPLICATED_SLA_TARGET', 409);
      throw error;
    }
  };

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/sla-targets', { schema: { tags: TAGS }, preHandler: requireAdmin }, async (request) => listSlaTargets(db, request.auth.companyId));

    // Writes check the role before the body: a plain user gets 403, never the form's validation rules.
    scope.post('/sla-targets', { schema: { tags: TAGS, body: slaTargetInputSchema }, preValidation: requireAdmin }, async (request, reply) => {
      const { companyId } = request.auth;
      const body = request.body;
      await checkScope(companyId, body.queueId, body.whatsappId);
      const id = await guardScope(() =>
        db.transaction(async (trx) => {
          const [row] = await trx('slaTargets').insert({ ...body, companyId }).returning('id');
          await recheckQueue(trx, companyId, body.queueId);
          return row.id as number;
        }),
      );
      const target = await mustFind(companyId, id);
      emit(companyId, { action: 'create', slaTarget: target });
      return reply.code(201).send(target);
    });

    scope.put('/sla-targets/:id', { schema: { tags: TAGS, params: idParams, body: slaTargetUpdateSchema }, preValidation: requireAdmin }, async (request) => {
      const { companyId } = request.auth;
      const { id } = request.params;
      const before = await mustFind(companyId, id);
      const body = request.body;
      await checkScope(companyId, body.queueId, body.whatsappId, id);
      await guardScope(() =>
        db.transaction(async (trx) => {
          await trx('slaTargets').where({ id, companyId }).update({ ...body, updatedAt: trx.fn.now() });
          await recheckQueue(trx, companyId, before.queueId);
          if (body.queueId !== before.queueId) await recheckQueue(trx, companyId, body.queueId);
        }),
      );
      const target = await mustFind(companyId, id);
      emit(companyId, { action: 'update', slaTarget: target });
      return target;
    });

    scope.delete('/sla-targets/:id', { schema: { tags: TAGS, params: idParams }, preHandler: requireAdmin }, async (request) => {
      const { companyId } = request.auth;
      const { id } = request.params;
      const before = await mustFind(companyId, id);
      await db.transaction(async (trx) => {
        await trx('slaTargets').where({ id, companyId }).delete();
        await recheckQueue(trx, companyId, before.queueId);
      });
      emit(companyId, { action: 'delete', slaTargetId: id });
      return { message: 'SLA target deleted' };
    });
  });
}
