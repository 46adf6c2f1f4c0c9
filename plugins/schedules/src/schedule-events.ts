import { Rooms } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import type { ScheduleView } from './schedule-repository.js';

/** company-{companyId}-schedule, to the company room (every user of the company lists schedules). */
export const scheduleEvent = (companyId: number) => `company-${companyId}-schedule`;

export function createScheduleEvents(realtime: PluginContext['realtime']) {
  return {
    saved(action: 'create' | 'update', schedule: ScheduleView): void {
      realtime.emit(Rooms.company(schedule.companyId), scheduleEvent(schedule.companyId), { action, schedule });
    },
    removed(companyId: number, scheduleId: number): void {
      realtime.emit(Rooms.company(companyId), scheduleEvent(companyId), { action: 'delete', scheduleId });
    },
  };
}
export type ScheduleEvents = ReturnType<typeof createScheduleEvents>;
