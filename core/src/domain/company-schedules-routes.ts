import { z } from 'zod';
import { companySchedulesInputSchema, id } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';

const idParams = z.object({ id });

/**
 * The company's weekly service hours (account-admin.md §2 Settings tab "schedules", §7 PUT
 * /companies/{id}/schedules), used when scheduleType is company. A company's admins read and set
 * their own; the super user any company's.
 */
export function registerCompanySchedulesRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', requireAdmin);

    const own = (auth: { companyId: number; super: boolean }, companyId: number) => {
      if (auth.companyId !== companyId && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
    };

    scope.get('/companies/:id/schedules', { schema: { params: idParams, tags: ['companies'] } }, async (request) => {
      own(request.auth, request.params.id);
      const row = await core.db('companies').where({ id: request.params.id }).first('id', 'schedules');
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      return { id: row.id, schedules: row.schedules };
    });

    scope.put('/companies/:id/schedules', { schema: { params: idParams, body: companySchedulesInputSchema, tags: ['companies'] } }, async (request) => {
      own(request.auth, request.params.id);
      const [row] = await core
        .db('companies')
        .where({ id: request.params.id })
        .update({ schedules: JSON.stringify(request.body.schedules), updatedAt: core.db.fn.now() })
        .returning(['id', 'schedules']);
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      return { id: row.id, schedules: row.schedules };
    });
  });
}
