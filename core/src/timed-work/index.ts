export { createTimedWork, type TimedWorkOptions } from './sweeper.js';
export type { TimedHandler, TimedHandlerOptions, TimedJob, TimedWork, TimedWorkRuntime, TimerSpec, WithinTransaction } from './types.js';
