import { Events, PrimitiveV, planInputSchema, planUpdateSchema, Rooms, idParams } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireSuper } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { PLANS_CHANGED, pluginFlagsOf, toPlan } from './plans.js';


/** Tell every node to drop cached flags and every browser of the plan's companies to reload modules. */
async function announcePlanChange(core: CoreServices, planId: number): Promise<void> {
  // This node at once (the next message must see the change), the others through the bus.
  core.plans.invalidate();
  await core.bus.publish(PLANS_CHANGED, { planId, companyId: null }, { companyId: null });
  const companies: { id: number }[] = await core.db('companies').where({ planId }).select('id');
  for (const { id } of companies) core.realtime.emit(Rooms.company(id), Events.plan(id), { action: 'update', planId });
}

/** A plan's pluginFlags may name only flags a loaded plugin declared (400 otherwise); stored as JSON. */
function pluginFlagsColumn(core: CoreServices, current: Record<string, boolean>, sent: Record<string, boolean> | undefined): { pluginFlags?: string } {
  if (!sent) return {};
  const declared = new Set(core.plans.declared().filter((d) => !d.core).map((d) => d.flag));
  // A flag the plan already stores stays editable after its plugin was removed.
  const unknown = Object.keys(sent).filter((flag) => !declared.has(flag) && !Object.hasOwn(current, flag));
  if (unknown.length) throw new AppError('ERR_VALIDATION', 400, { issues: unknown.map((flag) => ({ path: ['pluginFlags', flag], message: PrimitiveV.option })) });
  return { pluginFlags: JSON.stringify({ ...current, ...sent }) };
}

export function registerPlanRoutes(routes: Routes, core: CoreServices): void {
  routes.get('/plans/listPublic', { schema: { tags: ['plans'] } }, async () => {
    const rows = await core.db('plans').where({ isPublic: true }).orderBy('amount').orderBy('id');
    return rows.map(toPlan);
  });

  routes.register(async (admin: Routes) => {
    admin.addHook('onRequest', authenticate);
    admin.addHook('onRequest', requireSuper);

    const list = async () => (await core.db('plans').orderBy('id')).map(toPlan);
    admin.get('/plans/list', { schema: { tags: ['plans'] } }, list);
    admin.get('/plans/all', { schema: { tags: ['plans'] } }, list);

    /** Every flag the plan dialog switches: core's and the loaded plugins' own (with their labels). */
    admin.get('/plans/flags', { schema: { tags: ['plans'] } }, async () => core.plans.declared());

    admin.get('/plans/:id', { schema: { params: idParams, tags: ['plans'] } }, async (request) => {
      const row = await core.db('plans').where({ id: request.params.id }).first();
      if (!row) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      return toPlan(row);
    });

    admin.post('/plans', { schema: { body: planInputSchema, tags: ['plans'] } }, async (request, reply) => {
      if (await core.db('plans').whereRaw('lower(name) = lower(?)', [request.body.name]).first('id')) {
        throw new AppError('ERR_VALIDATION', 409, { issues: [{ path: ['name'], message: 'validation.duplicated' }] });
      }
      const { pluginFlags, ...columns } = request.body;
      const [row] = await core.db('plans').insert({ ...columns, ...pluginFlagsColumn(core, {}, pluginFlags) }).returning('*');
      return reply.code(201).send(toPlan(row));
    });

    admin.put('/plans/:id', { schema: { params: idParams, body: planUpdateSchema, tags: ['plans'] } }, async (request) => {
      const { pluginFlags, ...columns } = request.body;
      const current = await core.db('plans').where({ id: request.params.id }).first();
      if (!current) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      const [row] = await core.db('plans')
        .where({ id: request.params.id })
        .update({ ...columns, ...pluginFlagsColumn(core, pluginFlagsOf(current), pluginFlags), updatedAt: core.db.fn.now() })
        .returning('*');
      if (!row) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      await announcePlanChange(core, row.id);
      return toPlan(row);
    });

    admin.delete('/plans/:id', { schema: { params: idParams, tags: ['plans'] } }, async (request, reply) => {
      if (await core.db('companies').where({ planId: request.params.id }).first('id')) {
        throw new AppError('ERR_PLAN_IN_USE', 409);
      }
      const deleted = await core.db('plans').where({ id: request.params.id }).delete();
      if (!deleted) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      return reply.code(204).send();
    });
  });
}
