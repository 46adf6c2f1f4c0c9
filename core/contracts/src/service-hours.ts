import { z } from 'zod';
import { connectionScheduleSchema } from './connections.js';
import { oneOf } from './primitives.js';

/** Whose service hours decide "out of hours" (account-admin.md §3 scheduleType). */
export const ScheduleTypes = ['disabled', 'queue', 'company', 'connection'] as const;
export type ScheduleType = (typeof ScheduleTypes)[number];

/** Service hours are read in the company's time zone (inbox.md §1: reports in America/Sao_Paulo). */
export const SERVICE_HOURS_TIME_ZONE = 'America/Sao_Paulo';

/** PUT /companies/{id}/schedules: the company's weekly hours (scheduleType company). */
export const companySchedulesInputSchema = z.object({
  schedules: z.array(connectionScheduleSchema).max(7),
});
export type CompanySchedulesInput = z.infer<typeof companySchedulesInputSchema>;

export const scheduleTypeSchema = oneOf(ScheduleTypes);
