import { INVOICES_PAGE_SIZE, idParams, invoiceListQuery } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { companyExpired } from './expired-guard.js';

export const INVOICE_COLUMNS = ['id', 'companyId', 'detail', 'users', 'connections', 'queues', 'value', 'dueDate', 'status', 'paidAt', 'createdAt'];

/**
 * The company's invoices (account-admin.md §2 Faturas, §7), newest due date first. /financeiro is
 * in the admin group (inbox.md §2): admins and super users read them; an agent (profile user) reads
 * them only while the company is expired, when every user lands on /financeiro-aberto. Super users
 * read their own company's (company 1 is never invoiced).
 */
export function registerInvoiceRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', async (request) => {
      if (request.auth.profile === 'admin' || request.auth.super) return;
      if (!(await companyExpired(core, request.auth)).expired) await requireAdmin(request);
    });

    scope.get('/invoices/all', { schema: { querystring: invoiceListQuery, tags: ['invoices'] } }, async (request) => {
      const { searchParam, pageNumber } = request.query;
      const query = core.db('invoices').where({ companyId: request.auth.companyId });
      if (searchParam) query.whereRaw('lower(detail) like ?', [`%${searchParam.toLowerCase()}%`]);
      const [{ count }] = await query.clone().count({ count: '*' });
      const invoices = await query
        .orderBy([{ column: 'dueDate', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(INVOICES_PAGE_SIZE)
        .offset((pageNumber - 1) * INVOICES_PAGE_SIZE)
        .select(INVOICE_COLUMNS);
      return { invoices, count: Number(count), hasMore: Number(count) > pageNumber * INVOICES_PAGE_SIZE };
    });

    scope.get('/invoices/:id', { schema: { params: idParams, tags: ['invoices'] } }, async (request) => {
      const invoice = await core.db('invoices').where({ id: request.params.id, companyId: request.auth.companyId }).first(INVOICE_COLUMNS);
      if (!invoice) throw new AppError('ERR_NO_INVOICE_FOUND', 404);
      return invoice;
    });
  });
}
