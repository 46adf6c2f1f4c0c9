import { z } from 'zod';
import { ConnectionV, V, importDateIssues, type Connection, type ConnectionChannel, type ConnectionUpdate } from '@guiche/contracts';

/**
 * The general tab of the connection dialog (account-admin.md §2, §5): name 2–50, default, queues,
 * greeting / farewell / out-of-hours messages, groups, the voice-call token and the import window. The dates are edited
 * as local 'YYYY-MM-DDTHH:mm' (datetime-local) and sent as ISO instants.
 */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  allowGroup: boolean;
  groupAsTicket: boolean;
  importEnabled: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  /** The voice-call service's token (WhatsApp connections): with it the ticket header offers a call. */
  wavoip: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local input, in this browser's time zone. */
export function toLocalInput(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (read in this browser's time zone) as an ISO instant; '' → null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function connectionFormValues(connection?: Connection): ConnectionFormValues {
  if (!connection) {
    return {
      name: '',
      isDefault: false,
      queueIds: [],
      greetingMessage: '',
      complationMessage: '',
      outOfHoursMessage: '',
      allowGroup: false,
      groupAsTicket: false,
      importEnabled: false,
      importOldMessages: '',
      importRecentMessages: '',
      importOldMessagesGroups: false,
      closedTicketsPostImported: false,
      wavoip: '',
    };
  }
  return {
    name: connection.name,
    isDefault: connection.isDefault,
    queueIds: connection.queues.map((q) => q.id),
    greetingMessage: connection.greetingMessage ?? '',
    complationMessage: connection.complationMessage ?? '',
    outOfHoursMessage: connection.outOfHoursMessage ?? '',
    allowGroup: connection.allowGroup,
    groupAsTicket: connection.groupAsTicket === 'enabled',
    importEnabled: Boolean(connection.importOldMessages),
    importOldMessages: toLocalInput(connection.importOldMessages),
    importRecentMessages: toLocalInput(connection.importRecentMessages),
    importOldMessagesGroups: connection.importOldMessagesGroups,
    closedTicketsPostImported: connection.closedTicketsPostImported,
    wavoip: connection.wavoip ?? '',
  };
}

/** The zod schema of the form; `now` is read at each validation (the window moves with time). */
export function connectionFormSchema(now: () => number = Date.now) {
  return z
    .looseObject({
      name: z.string().trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
      greetingMessage: z.string().max(10000, V.tooLong),
      complationMessage: z.string().max(10000, V.tooLong),
      outOfHoursMessage: z.string().max(10000, V.tooLong),
      importEnabled: z.boolean(),
      importOldMessages: z.string(),
      importRecentMessages: z.string(),
      wavoip: z.string().trim().max(255, V.tooLong),
    })
    .superRefine((values, ctx) => {
      if (!values.importEnabled) return;
      const old = fromLocalInput(values.importOldMessages);
      const recent = fromLocalInput(values.importRecentMessages);
      if (values.importOldMessages && !old) ctx.addIssue({ code: 'custom', path: ['importOldMessages'], message: ConnectionV.invalidDate });
      if (values.importRecentMessages && !recent) ctx.addIssue({ code: 'custom', path: ['importRecentMessages'], message: ConnectionV.invalidDate });
      if (!old && !recent) {
        ctx.addIssue({ code: 'custom', path: ['importOldMessages'], message: V.required });
        return;
      }
      for (const issue of importDateIssues({ importOldMessages: old, importRecentMessages: recent }, now())) ctx.addIssue({ code: 'custom', ...issue });
    });
}

const text = (value: string): string | null => (value.trim() ? value : null);

/** What the dialog sends (POST /whatsapp with the channel, or PUT /whatsapp/{id}). */
export function connectionPayload(values: ConnectionFormValues): ConnectionUpdate {
  const importing = values.importEnabled;
  return {
    name: values.name.trim(),
    isDefault: values.isDefault,
    queueIds: values.queueIds,
    greetingMessage: text(values.greetingMessage),
    complationMessage: text(values.complationMessage),
    outOfHoursMessage: text(values.outOfHoursMessage),
    allowGroup: values.allowGroup,
    groupAsTicket: values.groupAsTicket ? 'enabled' : 'disabled',
    importOldMessages: importing ? fromLocalInput(values.importOldMessages) : null,
    importRecentMessages: importing ? fromLocalInput(values.importRecentMessages) : null,
    importOldMessagesGroups: importing && values.importOldMessagesGroups,
    closedTicketsPostImported: importing && values.closedTicketsPostImported,
    wavoip: values.wavoip.trim() || null,
  };
}

/**
 * account-admin.md §4: saving a CONNECTED connection with old-message import enabled first deletes
 * its session (so the phone syncs the history on the next pairing) and shows qrcode locally.
 */
export function mustResetSession(connection: Pick<Connection, 'status'> | undefined, values: Pick<ConnectionFormValues, 'importEnabled' | 'importOldMessages'>): boolean {
  return connection?.status === 'CONNECTED' && values.importEnabled && Boolean(values.importOldMessages);
}

/** Only WhatsApp (Baileys) sessions import history; the other channels hide the import section. */
export function importsHistory(channel: ConnectionChannel): boolean {
  return channel === 'whatsapp';
}
