import { z } from 'zod';
import { PrimitiveV, date, dateTime, id, ids, text } from './primitives.js';
import { V } from './messages.js';
import { HH_MM } from './weekdays.js';

/** Validation keys of the connection dialog (account-admin.md §5); the web translates them. */
export const ConnectionV = {
  importOldRange: 'validation.importOldRange',
  importRecentRange: 'validation.importRecentRange',
  importDatesTogether: 'validation.importDatesTogether',
  invalidDate: 'validation.invalidDate',
  timeOrder: 'validation.timeOrder',
  pairingNumber: 'validation.pairingNumber',
} as const;

/** The first-party channels (the shell's icons and dialogs know them). */
export const ConnectionChannels = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat', 'telegram'] as const;
export type BuiltInChannel = (typeof ConnectionChannels)[number];
/**
 * The WhatsApp Cloud API channel: free text only within 24 hours of the contact's last message,
 * approved templates anytime (the server's window checks and the web's template pickers test it).
 */
export const CLOUD_CHANNEL = 'whatsappapi' satisfies BuiltInChannel;
/**
 * A channel's name: a first-party one or one a channel plugin declares (`defineChannel({ channel })`,
 * issue #30); the API accepts the names of the channels the server has registered.
 */
export type ConnectionChannel = BuiltInChannel | (string & {});
export const CHANNEL_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;

export const ConnectionStatuses = ['CONNECTED', 'qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const;
export type ConnectionStatus = (typeof ConnectionStatuses)[number];

/** account-admin.md §9. */
export const CONNECTION_TOKEN_LENGTH = 30;
export const CONNECTION_TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const CONNECTION_DEFAULT_PROVIDER = 'beta';
export const CONNECTION_DEFAULT_MAX_USE_BOT_QUEUES = 3;
/** Old messages may be imported from at most this far back (account-admin.md §5, §9). */
export const IMPORT_WINDOW_YEARS = 2;
/** A date picked "now" in a browser whose clock runs slightly ahead is still "not in the future". */
export const IMPORT_CLOCK_SKEW_MS = 5 * 60 * 1000;

const WeekdaysEn = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const shiftTime = z.union([z.literal(''), z.string().max(5, V.time).regex(HH_MM, V.time)]);

/** One weekday of service hours with shifts A and B (an empty shift is closed). */
export const connectionScheduleSchema = z
  .object({
    weekday: text(30),
    weekdayEn: z.enum(WeekdaysEn),
    startTimeA: shiftTime.default(''),
    endTimeA: shiftTime.default(''),
    startTimeB: shiftTime.default(''),
    endTimeB: shiftTime.default(''),
  })
  .superRefine((day, ctx) => {
    for (const [start, end] of [['startTimeA', 'endTimeA'], ['startTimeB', 'endTimeB']] as const) {
      if (day[start] && day[end] && day[start] >= day[end]) ctx.addIssue({ code: 'custom', path: [end], message: ConnectionV.timeOrder });
    }
  });
export type ConnectionSchedule = z.infer<typeof connectionScheduleSchema>;

/** A date (YYYY-MM-DD) or a date-time, with or without an offset. */
const importDate = z.union([date(ConnectionV.invalidDate), dateTime(ConnectionV.invalidDate)], { error: ConnectionV.invalidDate }).nullable();
const minutes = z.number({ error: V.required }).int().min(0).max(1_000_000);
const message = text(10000).nullable();

const connectionFields = {
  name: text(50, { trim: true }).min(2, V.tooShort),
  isDefault: z.boolean(),
  queueIds: ids(),
  promptId: id.nullable(),
  integrationId: id.nullable(),
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  inactiveMessage: message,
  expiresInactiveMessage: message,
  importOldMessages: importDate,
  importRecentMessages: importDate,
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  provider: text(20, { trim: true }).min(1, V.required),
  maxUseBotQueues: minutes,
  maxUseBotQueuesNPS: minutes,
  timeUseBotQueues: minutes,
  expiresTicket: minutes,
  expiresTicketNPS: minutes,
  timeInactiveMessage: minutes,
  timeCreateNewTicket: minutes,
  timeSendQueue: minutes,
  sendIdQueue: id.nullable(),
  whenExpiresTicket: minutes,
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['disabled', 'enabled']),
  schedules: z.array(connectionScheduleSchema).max(7),
  wavoip: text(255).nullable(),
};

function toTime(value: string): number {
  // A date without a time is that day's start; a date-time without an offset is UTC.
  return Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /([zZ]|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`);
}

/**
 * Import window (account-admin.md §5): the old-messages date within the last two years and not in
 * the future; the recent-messages date between the old date and now. Both dates or neither.
 */
export function importDateIssues(
  dates: { importOldMessages?: string | null; importRecentMessages?: string | null },
  now = Date.now(),
): { path: string[]; message: string }[] {
  const { importOldMessages: old, importRecentMessages: recent } = dates;
  if (!old && !recent) return [];
  if (!old || !recent) return [{ path: [old ? 'importRecentMessages' : 'importOldMessages'], message: ConnectionV.importDatesTogether }];
  const latest = now + IMPORT_CLOCK_SKEW_MS;
  const earliest = new Date(now);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - IMPORT_WINDOW_YEARS);
  const oldTime = toTime(old);
  const recentTime = toTime(recent);
  const issues: { path: string[]; message: string }[] = [];
  if (oldTime < earliest.getTime() || oldTime > latest) issues.push({ path: ['importOldMessages'], message: ConnectionV.importOldRange });
  if (recentTime < oldTime || recentTime > latest) issues.push({ path: ['importRecentMessages'], message: ConnectionV.importRecentRange });
  return issues;
}

/** The import dates alone, checked together (PUT merges them with the stored ones first). */
export const connectionImportDatesSchema = z
  .object({ importOldMessages: importDate.optional(), importRecentMessages: importDate.optional() })
  .superRefine((dates, ctx) => {
    for (const issue of importDateIssues(dates)) ctx.addIssue({ code: 'custom', ...issue });
  });

/** POST /whatsapp: the spec's defaults for a new connection. */
export const connectionInputSchema = z
  .object({
    ...connectionFields,
    channel: z.string().max(40, PrimitiveV.option).regex(CHANNEL_NAME_PATTERN, PrimitiveV.option).default('whatsapp'),
    isDefault: connectionFields.isDefault.default(false),
    queueIds: connectionFields.queueIds.default([]),
    promptId: connectionFields.promptId.default(null),
    integrationId: connectionFields.integrationId.default(null),
    greetingMessage: message.default(null),
    complationMessage: message.default(null),
    outOfHoursMessage: message.default(null),
    ratingMessage: message.default(null),
    inactiveMessage: message.default(null),
    expiresInactiveMessage: message.default(null),
    importOldMessages: importDate.default(null),
    importRecentMessages: importDate.default(null),
    importOldMessagesGroups: connectionFields.importOldMessagesGroups.default(false),
    closedTicketsPostImported: connectionFields.closedTicketsPostImported.default(false),
    provider: connectionFields.provider.default(CONNECTION_DEFAULT_PROVIDER),
    maxUseBotQueues: minutes.default(CONNECTION_DEFAULT_MAX_USE_BOT_QUEUES),
    maxUseBotQueuesNPS: minutes.default(CONNECTION_DEFAULT_MAX_USE_BOT_QUEUES),
    timeUseBotQueues: minutes.default(0),
    expiresTicket: minutes.default(0),
    expiresTicketNPS: minutes.default(0),
    timeInactiveMessage: minutes.default(0),
    timeCreateNewTicket: minutes.default(0),
    timeSendQueue: minutes.default(0),
    sendIdQueue: connectionFields.sendIdQueue.default(null),
    whenExpiresTicket: minutes.default(0),
    allowGroup: connectionFields.allowGroup.default(false),
    groupAsTicket: connectionFields.groupAsTicket.default('disabled'),
    schedules: connectionFields.schedules.default([]),
    wavoip: connectionFields.wavoip.default(null),
  })
  .superRefine((input, ctx) => {
    for (const issue of importDateIssues(input)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

/**
 * PUT /whatsapp/{id}: only what is sent changes. The channel is fixed at creation; status, number,
 * qrcode, session, retries and token belong to the channel session, not to the dialog.
 */
export const connectionUpdateSchema = z.object(connectionFields).partial();
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

/** The phone number a pairing code is asked for: country code and area code, 8 to 15 digits once the formatting is gone. */
export const PAIRING_NUMBER_DIGITS = { min: 8, max: 15 } as const;

/**
 * POST /whatsappsession/{id}/pairing-code: the number of the phone that will type the code
 * ("+55 (11) 98765-4321" is read as 5511987654321).
 */
export const pairingCodeInputSchema = z.object({
  number: z
    .string({ error: ConnectionV.pairingNumber })
    .max(40, ConnectionV.pairingNumber)
    .regex(/^\s*\+?[\d\s().-]+$/, ConnectionV.pairingNumber)
    .transform((value) => value.replace(/\D/g, ''))
    .refine((digits) => digits.length >= PAIRING_NUMBER_DIGITS.min && digits.length <= PAIRING_NUMBER_DIGITS.max, ConnectionV.pairingNumber),
});
export type PairingCodeInput = z.infer<typeof pairingCodeInputSchema>;

/** The 8-character code WhatsApp shows under Linked devices > Link with phone number. */
export interface PairingCodeAnswer {
  code: string;
}

/** GET /whatsapp and /whatsapp/{id}: session=0 leaves the qrcode and session out. */
export const connectionQuerySchema = z.object({
  session: z.enum(['0', '1', 'true', 'false']).optional(),
  /** Sent by the web; the caller's own company is always used. */
  companyId: text(20).optional(),
});

export interface Connection {
  id: number;
  companyId: number;
  name: string;
  channel: ConnectionChannel;
  number: string | null;
  status: ConnectionStatus;
  isDefault: boolean;
  qrcode?: string | null;
  session?: string | null;
  retries: number;
  queues: { id: number; name: string; color: string }[];
  promptId: number | null;
  integrationId: number | null;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  inactiveMessage: string | null;
  expiresInactiveMessage: string | null;
  statusImportMessages: string | null;
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  greetingMediaAttachment: string | null;
  provider: string;
  maxUseBotQueues: number;
  maxUseBotQueuesNPS: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  expiresTicketNPS: number;
  timeInactiveMessage: number;
  timeCreateNewTicket: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  whenExpiresTicket: number;
  allowGroup: boolean;
  groupAsTicket: 'disabled' | 'enabled';
  schedules: ConnectionSchedule[];
  wavoip: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * statusImportMessages once a session finished importing history (account-admin.md §2 Import):
 * the 'close imported tickets' button shows; POST /closedimported/{id} clears it.
 */
export const IMPORT_DONE_STATUS = 'renderButtonCloseTickets';

/** A connection down now or dropping repeatedly within the hour (GET /connection-alerts, issue #31). */
export interface ConnectionAlert {
  connectionId: number;
  companyId: number;
  name: string;
  channel: string;
  status: string;
  downSince: string | null;
  /** Set once the connection stayed down longer than the company's alert minutes. */
  alertedAt: string | null;
  /** Drops in the current flapping series (each less than an hour after the previous). */
  drops: number;
  lastDropAt: string | null;
}

/** Payload of the live connection-alert event and the core bus topic: raised once per outage, cleared on reconnection. */
export interface ConnectionAlertChange {
  /** dropped / back (before any alert) are live-only; raised / cleared also go on the bus. */
  action: 'raised' | 'cleared' | 'dropped' | 'back';
  alert: ConnectionAlert;
}
