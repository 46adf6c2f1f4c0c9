import { z } from 'zod';
import { CONNECTION_DEFAULT_MAX_USE_BOT_QUEUES, V, type Connection, type ConnectionUpdate } from '@guiche/contracts';
import { normalizeWeek, weekPayload, weekSchema, type DaySchedule } from '../../settings/lib/weekly-hours.js';

/**
 * The connection dialog's tabs after "general" (account-admin.md §2 Connection dialog tabs, §3
 * Connection): messages, chatbot, assessments (NPS), schedules (scheduleType connection) and
 * integrations. Numbers are edited as text and sent as integers; '' is 0 (off).
 */
export interface ConnectionTabsValues {
  ratingMessage: string;
  inactiveMessage: string;
  expiresInactiveMessage: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  expiresTicket: string;
  whenExpiresTicket: string;
  timeInactiveMessage: string;
  timeCreateNewTicket: string;
  timeSendQueue: string;
  sendIdQueue: string;
  maxUseBotQueuesNPS: string;
  expiresTicketNPS: string;
  integrationId: string;
  promptId: string;
  schedules: DaySchedule[];
}

export const NUMBER_FIELDS = ['maxUseBotQueues', 'timeUseBotQueues', 'expiresTicket', 'timeInactiveMessage', 'timeCreateNewTicket', 'maxUseBotQueuesNPS', 'expiresTicketNPS'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** account-admin.md §9: redirect a queue-less ticket after 0 (off), 5, 10, 15, 20, 25, 30 or 60 minutes. */
export const SEND_QUEUE_MINUTES = [0, 5, 10, 15, 20, 25, 30, 60] as const;

/** Which idle tickets expiresTicket closes: 0 = any, 1 = only those where the agent spoke last (the customer is the silent one). */
export const WHEN_EXPIRES = ['0', '1'] as const;

export const TabsV = {
  number: 'connections:validation.wholeNumber',
  sendQueue: 'connections:validation.sendQueue',
} as const;

const idText = (id: number | null | undefined) => (id == null ? '' : String(id));
const numberText = (n: number | null | undefined) => (n == null ? '0' : String(n));

export function connectionTabsValues(connection?: Connection): ConnectionTabsValues {
  return {
    ratingMessage: connection?.ratingMessage ?? '',
    inactiveMessage: connection?.inactiveMessage ?? '',
    expiresInactiveMessage: connection?.expiresInactiveMessage ?? '',
    maxUseBotQueues: numberText(connection ? connection.maxUseBotQueues : CONNECTION_DEFAULT_MAX_USE_BOT_QUEUES),
    timeUseBotQueues: numberText(connection?.timeUseBotQueues),
    expiresTicket: numberText(connection?.expiresTicket),
    whenExpiresTicket: connection?.whenExpiresTicket === 1 ? '1' : '0',
    timeInactiveMessage: numberText(connection?.timeInactiveMessage),
    timeCreateNewTicket: numberText(connection?.timeCreateNewTicket),
    timeSendQueue: numberText(connection?.timeSendQueue),
    sendIdQueue: idText(connection?.sendIdQueue),
    maxUseBotQueuesNPS: numberText(connection ? connection.maxUseBotQueuesNPS : CONNECTION_DEFAULT_MAX_USE_BOT_QUEUES),
    expiresTicketNPS: numberText(connection?.expiresTicketNPS),
    integrationId: idText(connection?.integrationId),
    promptId: idText(connection?.promptId),
    schedules: normalizeWeek(connection?.schedules, connection?.schedules?.length ? 'closed' : 'default'),
  };
}

const wholeNumber = z.string().trim().regex(/^\d{0,7}$/, TabsV.number);

/** Validates the tabs; the schedules only while the schedules tab shows. */
export function connectionTabsSchema(withSchedules: boolean) {
  return z
    .looseObject({
      ratingMessage: z.string().max(10000, V.tooLong),
      inactiveMessage: z.string().max(10000, V.tooLong),
      expiresInactiveMessage: z.string().max(10000, V.tooLong),
      ...Object.fromEntries(NUMBER_FIELDS.map((f) => [f, wholeNumber])),
      timeSendQueue: z.string(),
      sendIdQueue: z.string(),
      ...(withSchedules ? { schedules: weekSchema } : {}),
    })
    .refine((v) => v.timeSendQueue === '0' || /^\d+$/.test(String(v.sendIdQueue)), { path: ['sendIdQueue'], message: TabsV.sendQueue });
}

const int = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));
const idOrNull = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);
const textOrNull = (value: string) => (value.trim() ? value : null);

/** The tabs' part of PUT /whatsapp/{id} (or POST /whatsapp). */
export function connectionTabsPayload(values: ConnectionTabsValues, withSchedules: boolean): ConnectionUpdate {
  const redirect = int(values.timeSendQueue);
  return {
    ratingMessage: textOrNull(values.ratingMessage),
    inactiveMessage: textOrNull(values.inactiveMessage),
    expiresInactiveMessage: textOrNull(values.expiresInactiveMessage),
    maxUseBotQueues: int(values.maxUseBotQueues),
    timeUseBotQueues: int(values.timeUseBotQueues),
    expiresTicket: int(values.expiresTicket),
    whenExpiresTicket: values.whenExpiresTicket === '1' ? 1 : 0,
    timeInactiveMessage: int(values.timeInactiveMessage),
    timeCreateNewTicket: int(values.timeCreateNewTicket),
    timeSendQueue: redirect,
    sendIdQueue: redirect > 0 ? idOrNull(values.sendIdQueue) : null,
    maxUseBotQueuesNPS: int(values.maxUseBotQueuesNPS),
    expiresTicketNPS: int(values.expiresTicketNPS),
    integrationId: idOrNull(values.integrationId),
    promptId: idOrNull(values.promptId),
    ...(withSchedules ? { schedules: weekPayload(values.schedules) as ConnectionUpdate['schedules'] } : {}),
  };
}

/** Which tab holds a field, to show the first tab with an error after a refused save. */
export const TAB_OF_FIELD: Record<string, string> = {
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  ratingMessage: 'messages',
  inactiveMessage: 'messages',
  expiresInactiveMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  timeInactiveMessage: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
  schedules: 'schedules',
  integrationId: 'integrations',
  promptId: 'integrations',
};
