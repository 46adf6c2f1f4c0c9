import { Rooms } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import type { QueueIntegration } from './repository.js';

/** company-{companyId}-queueIntegration, to the company room (outreach-config.md §7 Real-time). */
export const integrationEvent = (companyId: number) => `company-${companyId}-queueIntegration`;

export function createIntegrationEvents(realtime: PluginContext['realtime']) {
  return {
    saved(action: 'create' | 'update', queueIntegration: QueueIntegration): void {
      realtime.emit(Rooms.company(queueIntegration.companyId), integrationEvent(queueIntegration.companyId), { action, queueIntegration });
    },
    removed(companyId: number, integrationId: number): void {
      realtime.emit(Rooms.company(companyId), integrationEvent(companyId), { action: 'delete', integrationId });
    },
  };
}
export type IntegrationEvents = ReturnType<typeof createIntegrationEvents>;
