import { AppError, type Routes } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { IngestService } from './types.js';

// Placeholder until the ingest pipeline lands.
export function createIngestService(_core: CoreServices): IngestService {
  const notReady = async (): Promise<never> => {
    throw new AppError('ERR_CREATING_MESSAGE', 503);
  };
  return { ingest: notReady, applyAck: notReady, applyEdit: notReady, applyDelete: notReady };
}

/** Tickets, messages, notes and quick messages routes. */
export function registerMessagingRoutes(_routes: Routes, _core: CoreServices): void {}
