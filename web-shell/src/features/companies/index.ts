import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const CompaniesPage = lazyPage(() => import('./pages/CompaniesPage.js'));

/** /companies: the platform's companies, for super users (account-admin.md §2 Companies list, §5). */
export const companiesFeature: ShellFeature = {
  id: 'companies',
  menuPaths: ['/companies'],
  routes: [{ path: '/companies', Component: CompaniesPage }],
};
