export { registerClosingReasonRoutes } from './routes.js';
export { closeReasonFor } from './resolve-rule.js';
