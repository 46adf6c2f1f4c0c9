// The plugin SDK: everything a plugin builds on. Its files import nothing from core's internals
// (checked by core/test/import-circles.test.ts); core's areas implement these interfaces.
export { AppError } from './errors.js';
export { PermanentSendError, isPermanentSendError } from './send-errors.js';
export { secretMatches } from './secrets.js';
export { definePlugin } from './context.js';
export type * from './context.js';
export type * from './http.js';
export type * from './platform.js';
export type * from './ports.js';
export type * from './channels.js';
export type * from './session-calls.js';
export type * from './tickets.js';
export type * from './bot.js';
export type * from './connections.js';
export type * from './timed-work.js';
export type * from './sla.js';
