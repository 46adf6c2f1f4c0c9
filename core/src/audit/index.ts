export { AuditActions, createAuditLog, type AuditEntry, type AuditLog } from './audit-log.js';
export { rowOf, type AuditRule, type AuditSnapshot, type RouteAuditOption } from './rules.js';
export { registerAuditRoutes } from './routes.js';
export { defineAuditRetention, purgeAuditLogs, scheduleAuditRetention, withAuditDeletes } from './retention.js';
