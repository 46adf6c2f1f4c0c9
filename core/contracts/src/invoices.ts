import { z } from 'zod';
import { id, int, pageNumber, text } from './primitives.js';
import { COMPANY_LIMIT_MAX } from './companies.js';

/** Invoices (account-admin.md §3 Invoice): status 'paid' or 'open'. */
export const InvoiceStatuses = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof InvoiceStatuses)[number];
export const INVOICES_PAGE_SIZE = 20;

export interface Invoice {
  id: number;
  companyId: number;
  detail: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt?: string;
}

export const invoiceListQuery = z.object({ searchParam: text(200, { trim: true }).optional(), pageNumber });

/** Custom plan pricing (account-admin.md §9): base 49, +11 per user and +20 per connection above 3 each; monthly. */
export const CUSTOM_PLAN = { base: 49, perUser: 11, perConnection: 20, minUsers: 3, minConnections: 3 } as const;
export function customPlanPrice(users: number, connections: number): number {
  const u = Math.max(users, CUSTOM_PLAN.minUsers) - CUSTOM_PLAN.minUsers;
  const c = Math.max(connections, CUSTOM_PLAN.minConnections) - CUSTOM_PLAN.minConnections;
  return CUSTOM_PLAN.base + u * CUSTOM_PLAN.perUser + c * CUSTOM_PLAN.perConnection;
}

/** Checkout messages (i18n keys of namespace "validation"). */
export const BillingV = {
  firstName: 'validation.checkoutFirstName',
  zipcode: 'validation.checkoutZipcode',
  minUsers: 'validation.checkoutMinUsers',
  minConnections: 'validation.checkoutMinConnections',
} as const;

/**
 * POST /subscription (account-admin.md §3 Subscription payload). Card fields are accepted for the
 * spec's payload and never read or stored: the charge is Pix only, so the wizard asks for no card. users + connections together choose a custom
 * plan (priced by the server, `price` is ignored).
 */
export const subscriptionSchema = z.object({
  firstName: text(100, { trim: true, error: BillingV.firstName }).min(1, BillingV.firstName),
  lastName: text(100, { trim: true }).optional(),
  address2: text(200, { trim: true }).optional(),
  city: text(100, { trim: true }).optional(),
  state: text(100, { trim: true }).optional(),
  zipcode: text(20, { trim: true, error: BillingV.zipcode }).min(1, BillingV.zipcode),
  country: text(100, { trim: true }).optional(),
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: text(100, { trim: true }).optional(),
  cardNumber: text(30, { trim: true }).optional(),
  cvv: text(10, { trim: true }).optional(),
  plan: text(2000).optional(),
  price: z.number().min(0).max(1e9).optional(),
  // Once paid they become the company's own maxima, so they share those bounds.
  users: int(CUSTOM_PLAN.minUsers, COMPANY_LIMIT_MAX, BillingV.minUsers).optional(),
  connections: int(CUSTOM_PLAN.minConnections, COMPANY_LIMIT_MAX, BillingV.minConnections).optional(),
  invoiceId: id,
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

export interface SubscriptionResponse {
  invoiceId: number;
  qrcode: { qrcode: string; encodedImage: string };
  valor: { original: string };
}

/** company-{id}-payment: the invoice was paid and the subscription renewed. */
export const paymentEventName = (companyId: number) => `company-${companyId}-payment`;
export interface PaymentEventPayload {
  action: 'CONCLUIDA';
  company: { id: number; dueDate: string };
  invoiceId: number;
}
