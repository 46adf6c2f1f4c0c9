import { z } from 'zod';
import { date, id, idOrZero, pageNumber, text } from './primitives.js';

/** GET /audit and /audit/export: filters of the audit log (issue #33 "Audit log"). */
export const auditQuerySchema = z.object({
  userId: id.optional(),
  entity: text(60).optional(),
  action: text(40).optional(),
  /** First and last day of the period (inclusive, São Paulo time). */
  from: date().optional(),
  to: date().optional(),
  /** Super users only: one company's rows (0: platform rows). */
  companyId: idOrZero.optional(),
  pageNumber,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One audit row as GET /audit answers it. */
export interface AuditRecord {
  id: number;
  companyId: number | null;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  ip: string | null;
  method: string | null;
  path: string | null;
  oldValues: unknown;
  newValues: unknown;
  createdAt: string;
}

/** GET /audit/facets: the users, entities and actions the caller's rows name. */
export interface AuditFacets {
  users: { id: number; name: string | null }[];
  entities: string[];
  actions: string[];
}
