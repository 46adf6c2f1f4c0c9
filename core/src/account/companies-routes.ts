import { z } from 'zod';
import { companyCreateSchema, companyListQuery, id, idParams, type CompanyDeletionRow } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireSuper } from '../auth/authenticate.js';
import { hashPassword } from '../auth/password.js';
import { SUPER_COMPANY_ID } from '../domain/seed.js';
import { toPlan } from '../domain/plans.js';
import type { CoreServices } from '../services.js';
import { companiesPage, companiesWithPlan } from './companies-query.js';
import { COMPANY_DELETION_KIND, requestCompanyDeletion } from './company-deletion.js';

const companyIdParams = z.object({ companyId: id });

/**
 * The super user's companies (account-admin.md §2 Companies list, §7): lists with their plan, the
 * create form and the background deletion. Every route refuses anyone else (403). Reading one,
 * the list for selects and the edit live in domain/companies-routes.ts.
 */
export function registerCompanyAdminRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', requireSuper);

    scope.get('/companiesPlan/', { schema: { querystring: companyListQuery, tags: ['companies'] } }, async (request) => {
      const { companies, hasMore } = await companiesPage(core.db, request.query.searchParam, request.query.pageNumber);
      return { companies, hasMore };
    });

    scope.get('/companies', { schema: { querystring: companyListQuery, tags: ['companies'] } }, async (request) =>
      companiesPage(core.db, request.query.searchParam, request.query.pageNumber),
    );

    scope.get('/companies/listPlan/:companyId', { schema: { params: companyIdParams, tags: ['companies'] } }, async (request) => {
      const company = await companiesWithPlan(core.db).where('c.id', request.params.companyId).first();
      if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      const plan = company.planId ? await core.db('plans').where({ id: company.planId }).first() : null;
      return { ...company, plan: plan ? toPlan(plan) : null };
    });

    scope.post('/companies', { schema: { body: companyCreateSchema, tags: ['companies'] } }, async (request, reply) => {
      const { password, ...input } = request.body;
      const passwordHash = password ? await hashPassword(password) : null;
      const created = await core.db.transaction(async (trx) => {
        if (!(await trx('plans').where({ id: input.planId }).first('id'))) throw new AppError('ERR_NO_PLAN_FOUND', 400);
        if (await trx('companies').whereRaw('lower(name) = lower(?)', [input.name]).first('id')) throw new AppError('ERR_DUPLICATED_COMPANY', 409);
        if (passwordHash && (await trx('users').whereRaw('lower(email) = lower(?)', [input.email]).first('id'))) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
        const [company] = await trx('companies')
          .insert({ ...input, phone: input.phone ?? null, dueDate: input.dueDate ?? null, document: input.document ?? null, paymentMethod: input.paymentMethod ?? null })
          .returning('id');
        if (passwordHash) await trx('users').insert({ companyId: company.id, name: input.name, email: input.email, passwordHash, profile: 'admin' });
        return company.id as number;
      });
      return reply.code(201).send(await companiesWithPlan(core.db).where('c.id', created).first());
    });

    // The page shows them after a reload too; a failed one stays until a super user looks at the logs.
    scope.get('/companies/deletions', { schema: { tags: ['companies'] } }, async (): Promise<CompanyDeletionRow[]> => {
      const rows = await core
        .db('companies as c')
        .leftJoin('timedWork as w', (join) => join.on(core.db.raw('w.kind = ? AND w.key = c.id::text', [COMPANY_DELETION_KIND])))
        .whereNotNull('c.deletingSince')
        .orderBy('c.deletingSince')
        .select('c.id', 'c.name', 'c.deletingSince', 'w.failedAt', core.db.raw("w.payload->>'step' AS step"));
      return rows.map((r) => ({ id: r.id, name: r.name, deletingSince: new Date(r.deletingSince).toISOString(), step: r.step === 'rows' ? 'rows' : 'media', failed: r.failedAt != null }));
    });

    scope.delete('/companies/:id', { schema: { params: idParams, tags: ['companies'] } }, async (request, reply) => {
      const companyId = request.params.id;
      // The platform's own company runs everything else: it is never deleted.
      if (companyId === SUPER_COMPANY_ID) throw new AppError('ERR_NO_PERMISSION', 403);
      if (!(await core.db('companies').where({ id: companyId }).whereNull('deletingSince').first('id'))) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      await requestCompanyDeletion(core, companyId);
      return reply.code(202).send({ id: companyId, deleting: true });
    });
  });
}
