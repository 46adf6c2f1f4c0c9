import { z } from 'zod';
import { QueueRotationMinutes, V, type Queue } from '@guiche/contracts';
import { normalizeWeek, weekPayload, type DaySchedule } from '../../settings/lib/weekly-hours.js';

/**
 * The queue dialog's form (outreach-config.md §2 Queues, §5, §9); the chatbot options are saved
 * one by one from their own editor (lib/chatbot.ts). Pure: unit-tested in web-shell/test/users-queues-form.test.ts.
 */
export interface QueueFormValues {
  name: string;
  color: string;
  /** Typed text; blank means no order. */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  userIds: number[];
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  /** The selects of tab 1 (outreach-config.md §2): '' while none is picked. */
  integrationId: string;
  promptId: string;
  fileListId: string;
  /** Tab 2, weekly service hours (only edited when scheduleType is 'queue'). */
  schedules: DaySchedule[];
}

/** outreach-config.md §9: rotation every 2, 5, 10, 15, 30, 45 or 60 minutes (0 = unset). */
export const ROTATION_CHOICES = QueueRotationMinutes.filter((m) => m > 0);

/** Keys of this page's namespace for what the shared validation keys do not cover. */
export const QueueV = {
  order: 'queues:validation.order',
  rotation: 'queues:validation.rotation',
} as const;

/** Greeting cut in the list. */
export const GREETING_PREVIEW_CHARS = 60;

export const queueFormSchema = z
  .object({
    name: z.string().trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
    color: z.string().trim().min(1, V.required).min(3, V.tooShort).max(9, V.tooLong),
    orderQueue: z.string().trim().regex(/^\d{0,6}$/, QueueV.order),
    greetingMessage: z.string().max(5000, V.tooLong),
    outOfHoursMessage: z.string().max(5000, V.tooLong),
    ativarRoteador: z.boolean(),
    tempoRoteador: z.number(),
  })
  .refine((v) => !v.ativarRoteador || (ROTATION_CHOICES as readonly number[]).includes(v.tempoRoteador), { path: ['tempoRoteador'], message: QueueV.rotation });

export function queueFormValues(queue: Queue | undefined, defaultColor: string): QueueFormValues {
  if (!queue)
    return {
      name: '',
      color: defaultColor,
      orderQueue: '',
      greetingMessage: '',
      outOfHoursMessage: '',
      userIds: [],
      ativarRoteador: false,
      tempoRoteador: 0,
      closeTicket: false,
      integrationId: '',
      promptId: '',
      fileListId: '',
      schedules: normalizeWeek(null),
    };
  return {
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue == null ? '' : String(queue.orderQueue),
    greetingMessage: queue.greetingMessage ?? '',
    outOfHoursMessage: queue.outOfHoursMessage ?? '',
    userIds: [...queue.userIds],
    ativarRoteador: queue.ativarRoteador,
    tempoRoteador: queue.tempoRoteador,
    closeTicket: queue.closeTicket,
    integrationId: idText(queue.integrationId),
    promptId: idText(queue.promptId),
    fileListId: idText(queue.fileListId),
    schedules: normalizeWeek(queue.schedules),
  };
}

const idText = (id: number | null | undefined) => (id == null ? '' : String(id));
const idOrNull = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

/**
 * The rest of tab 1 (integration, prompt, file list) and, when the hours tab shows
 * (scheduleType 'queue'), the seven days of tab 2; merged into queuePayload's answer.
 */
export function queueLinksPayload(values: Pick<QueueFormValues, 'integrationId' | 'promptId' | 'fileListId' | 'schedules'>, withSchedules: boolean): Record<string, unknown> {
  return {
    integrationId: idOrNull(values.integrationId),
    promptId: idOrNull(values.promptId),
    fileListId: idOrNull(values.fileListId),
    ...(withSchedules ? { schedules: weekPayload(values.schedules) } : {}),
  };
}

/** What POST /queue or PUT /queue/{id} receives: blank texts as null, the interval 0 while rotation is off. */
export function queuePayload(values: QueueFormValues): Record<string, unknown> {
  const blankToNull = (text: string) => (text.trim() ? text : null);
  const order = values.orderQueue.trim();
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    orderQueue: order === '' ? null : Number(order),
    greetingMessage: blankToNull(values.greetingMessage),
    outOfHoursMessage: blankToNull(values.outOfHoursMessage),
    userIds: values.userIds,
    ativarRoteador: values.ativarRoteador,
    tempoRoteador: values.ativarRoteador ? values.tempoRoteador : 0,
    closeTicket: values.closeTicket,
  };
}

/** A palette colour no other queue uses (colours are unique per company), else the first. */
export function freeColor(palette: readonly string[], queues: Pick<Queue, 'color'>[]): string {
  const taken = new Set(queues.map((q) => q.color.toLowerCase()));
  return palette.find((c) => !taken.has(c.toLowerCase())) ?? palette[0];
}

/** The list's order: orderQueue (unset last), then name, then id, like GET /queue. */
export function sortQueues<T extends Pick<Queue, 'id' | 'name' | 'orderQueue'>>(queues: T[]): T[] {
  return [...queues].sort((a, b) => {
    const oa = a.orderQueue ?? Number.POSITIVE_INFINITY;
    const ob = b.orderQueue ?? Number.POSITIVE_INFINITY;
    if (oa !== ob) return oa < ob ? -1 : 1;
    const byName = a.name.localeCompare(b.name);
    return byName !== 0 ? byName : a.id - b.id;
  });
}

/** A queue created or changed elsewhere replaces its row (or joins); a deleted one leaves. */
export function applyQueueEvent(list: Queue[] | undefined, event: QueueEvent): Queue[] | undefined {
  if (!list) return list;
  if (event.action === 'delete') return list.filter((q) => q.id !== event.queueId);
  return sortQueues([...list.filter((q) => q.id !== event.queue.id), event.queue]);
}

export type QueueEvent = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number };

/** The greeting as the list shows it: one line, cut with an ellipsis. */
export function cutText(text: string | null | undefined, max = GREETING_PREVIEW_CHARS): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max).trimEnd()}…` : line;
}
