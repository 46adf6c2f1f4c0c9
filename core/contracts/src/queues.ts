import { z } from 'zod';
import { id, ids, int, text } from './primitives.js';
import { V } from './messages.js';
import { queueChatbotsSchema, type Chatbot } from './chatbots.js';
import { Weekdays } from './weekdays.js';

/** Validation keys of the queue dialog beyond the shared ones (namespace "validation"). */
export const QV = {
  queueNameTaken: 'validation.queueNameTaken',
  rotationInterval: 'validation.rotationInterval',
  scheduleDays: 'validation.scheduleDays',
} as const;

/** company-{id}-queue, to every member of the company: { action, queue } or { action: 'delete', queueId }. */
export const queueEvent = (companyId: number) => `company-${companyId}-queue`;

/** Rotation interval choices in minutes; 0 means unset (outreach-config.md §9). */
export const QueueRotationMinutes = [0, 2, 5, 10, 15, 30, 45, 60] as const;

const weekdaysEn = Weekdays.map((d) => d.weekdayEn) as [string, ...string[]];

/** HH:MM, or empty for a shift that is not worked. */
const shiftTime = z.string().max(5, V.time).regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, V.time);

export const queueScheduleSchema = z.object({
  weekday: text(30, { trim: true }),
  weekdayEn: z.enum(weekdaysEn),
  startTimeA: shiftTime,
  endTimeA: shiftTime,
  startTimeB: shiftTime,
  endTimeB: shiftTime,
});
export type QueueSchedule = z.infer<typeof queueScheduleSchema>;

/** Monday to Sunday, 08:00-12:00 and 13:00-18:00 (outreach-config.md §9). */
export const DefaultQueueSchedules: QueueSchedule[] = Weekdays.map((d) => ({
  ...d,
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));

const queueFields = {
  name: text(50, { trim: true }).min(2, V.tooShort),
  color: text(9, { trim: true }).min(3, V.tooShort),
  greetingMessage: text(5000).nullable(),
  outOfHoursMessage: text(5000).nullable(),
  orderQueue: z.number().int().min(0).max(100000).nullable(),
  ativarRoteador: z.boolean(),
  tempoRoteador: int(0, 100000, QV.rotationInterval).refine((m) => (QueueRotationMinutes as readonly number[]).includes(m), QV.rotationInterval),
  closeTicket: z.boolean(),
  schedules: z
    .array(queueScheduleSchema)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.weekdayEn)).size === days.length, QV.scheduleDays),
  /** The users who work this queue; all must belong to the company. */
  userIds: ids(1000),
  /** References to a queue integration, a prompt (owned by their modules) and a file list of the company. */
  integrationId: id.nullable(),
  promptId: id.nullable(),
  fileListId: id.nullable(),
  /**
   * The first-level chatbot options with their nested options. When sent it is the whole tree:
   * options with an id are kept and updated, new ones created, missing ones deleted.
   */
  chatbots: queueChatbotsSchema,
};

/** POST /queue. */
export const queueInputSchema = z.object({
  ...queueFields,
  greetingMessage: queueFields.greetingMessage.optional(),
  outOfHoursMessage: queueFields.outOfHoursMessage.optional(),
  orderQueue: queueFields.orderQueue.optional(),
  ativarRoteador: queueFields.ativarRoteador.default(false),
  tempoRoteador: queueFields.tempoRoteador.default(0),
  closeTicket: queueFields.closeTicket.default(false),
  schedules: queueFields.schedules.default(DefaultQueueSchedules),
  userIds: queueFields.userIds.optional(),
  integrationId: queueFields.integrationId.optional(),
  promptId: queueFields.promptId.optional(),
  fileListId: queueFields.fileListId.optional(),
  chatbots: queueFields.chatbots.optional(),
});
export type QueueInput = z.infer<typeof queueInputSchema>;

/** PUT /queue/{id}: only what is sent changes. */
export const queueUpdateSchema = z.object(queueFields).partial();
export type QueueUpdate = z.infer<typeof queueUpdateSchema>;

export interface Queue {
  id: number;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  schedules: QueueSchedule[];
  userIds: number[];
  /** First-level chatbot options, each with its nested options (ordered by id). */
  chatbots: Chatbot[];
  createdAt: string;
  updatedAt: string;
}
