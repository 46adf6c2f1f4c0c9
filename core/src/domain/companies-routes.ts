import { companyUpdateSchema, Events, Rooms, idParams } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireSuper } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { PLANS_CHANGED } from './plans.js';
import { SUPER_COMPANY_DUE_DATE, SUPER_COMPANY_ID } from './seed.js';

const columns = ['id', 'name', 'email', 'phone', 'document', 'planId', 'status', 'dueDate', 'recurrence', 'numberAttendants', 'numberConections', 'createdAt', 'lastLogin'];

/** The super user's view of companies; a change of plan takes effect on the next request. */
export function registerCompanyRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', requireSuper);

    scope.get('/companies/list', { schema: { tags: ['companies'] } }, async () => core.db('companies').orderBy('id').select(columns));

    scope.get('/companies/:id', { schema: { params: idParams, tags: ['companies'] } }, async (request) => {
      const row = await core.db('companies').where({ id: request.params.id }).first(columns);
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      return row;
    });

    scope.put('/companies/:id', { schema: { params: idParams, body: companyUpdateSchema, tags: ['companies'] } }, async (request) => {
      const { id } = request.params;
      const changes = { ...request.body };
      // Company 1 is the platform's own: it never expires and is never switched off.
      if (id === SUPER_COMPANY_ID) {
        changes.dueDate = SUPER_COMPANY_DUE_DATE;
        changes.status = true;
      }
      if (changes.planId && !(await core.db('plans').where({ id: changes.planId }).first('id'))) throw new AppError('ERR_NO_PLAN_FOUND', 400);
      if (changes.name && (await core.db('companies').whereRaw('lower(name) = lower(?)', [changes.name]).whereNot({ id }).first('id'))) {
        throw new AppError('ERR_DUPLICATED_COMPANY', 409);
      }
      const [row] = await core.db('companies').where({ id }).update({ ...changes, updatedAt: core.db.fn.now() }).returning(columns);
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      core.plans.invalidate(id);
      await core.bus.publish(PLANS_CHANGED, { companyId: id }, { companyId: id });
      // The token gate caches status and due date (the subscription guard reads it).
      if (changes.status !== undefined || changes.dueDate !== undefined) await core.tokens.changed({ companyId: id });
      core.realtime.emit(Rooms.company(id), Events.plan(id), { action: 'update', planId: row.planId });
      return row;
    });
  });
}
