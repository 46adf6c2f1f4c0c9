import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const InvoicesPage = lazyPage(() => import('./pages/InvoicesPage.js'));

/** /financeiro and /financeiro-aberto: invoices, the checkout wizard and the live payment confirmation (issue #9). */
export const billingFeature: ShellFeature = {
  id: 'billing',
  menuPaths: ['/financeiro'],
  routes: [
    { path: '/financeiro', Component: InvoicesPage },
    { path: '/financeiro-aberto', Component: InvoicesPage },
  ],
};
