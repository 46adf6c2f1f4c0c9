import { INVOICES_PAGE_SIZE, idParams, invoiceListQuery } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';

export const INVOICE_COLUMNS = ['id', 'companyId', 'detail', 'users', 'connections', 'queues', 'value', 'dueDate', 'status', 'paidAt', 'createdAt'];

/**
 * The company's invoices (account-admin.md §2 Faturas, §7): every signed-in user of the company
 * reads its own invoices, newest due date first — an expired company's users land here. Super
 * users read their own company's too (company 1 is never invoiced).
 */
export function registerInvoiceRoutes(routes: Routes, core: CoreServices): void {
  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

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
