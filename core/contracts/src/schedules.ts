import type { TemplateExtrasParams } from './cloud-templates.js';
/** Schedules module (outreach-config.md §3 Schedule): the shapes server and web both speak. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO', 'CANCELADA'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_REPEATS = ['none', 'daily', 'weekly', 'monthly'] as const;
export type ScheduleRepeat = (typeof SCHEDULE_REPEATS)[number];

/**
 * A schedule as GET /schedules and company-{id}-schedule give it. `D` is how its instants travel:
 * Date inside the server, the ISO string JSON makes of it on the wire.
 */
export interface Schedule<D = string> {
  id: number;
  companyId: number;
  contactId: number;
  userId: number | null;
  whatsappId: number | null;
  ticketId: number | null;
  body: string;
  sendAt: D;
  sentAt: D | null;
  status: ScheduleStatus;
  /** An error code (ERR_…) while waiting or after ERRO. */
  error: string | null;
  repeat: ScheduleRepeat;
  firstSendAt: D;
  repeatUntil: D | null;
  sentCount: number;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: string | null;
  createdAt: D;
  updatedAt: D;
  contact: { id: number; name: string; number: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
  /** WhatsApp Cloud API: the approved template sent instead of free text (body then holds its text as the customer reads it). */
  template?: ScheduleTemplate | null;
}

/** A stored Cloud API template by name and language, with its variables' values in order. */
/** Where the template has them, also the header's text variable, its file's address, the URL buttons' suffixes. */
export interface ScheduleTemplate extends TemplateExtrasParams {
  name: string;
  language: string;
  variables: string[];
}

/** What the schedule dialog sends to POST /schedules and PUT /schedules/{id}. */
export interface ScheduleInput {
  body: string;
  contactId: number;
  sendAt: string;
  whatsappId: number | null;
  repeat: ScheduleRepeat;
  repeatUntil: string | null;
  /** PUT only: 'CANCELADA' stops a schedule; 'PENDENTE' arms it again. */
  status?: 'PENDENTE' | 'CANCELADA';
  /** On a WhatsApp Cloud API connection: an approved template instead of `body`. */
  template?: ScheduleTemplate | null;
}
