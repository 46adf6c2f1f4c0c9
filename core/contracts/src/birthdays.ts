import { z } from 'zod';
import { templateExtrasFields } from './cloud-template-extras.js';
import { text } from './primitives.js';

/**
 * Issue #33: the birthday greeting on WhatsApp Cloud API connections. Meta delivers free text only
 * within 24 h of the contact's last message, so a greeting to a closed window goes as the company's
 * approved template of that connection; its variables may hold the message variables ({{name}},
 * {{firstName}}…), filled per contact. One template per Cloud connection: templates are approved per
 * WhatsApp Business account, so each number offers its own list.
 */
export const birthdayTemplateSchema = z.object({
  name: text(512, { trim: true, error: 'validation.metaTemplateUnknown' }).min(1, 'validation.metaTemplateUnknown'),
  language: text(20, { trim: true, error: 'validation.metaTemplateUnknown' }).min(2, 'validation.metaTemplateUnknown'),
  variables: z.array(text(1024)).max(20).default([]),
  /** Where the template has them: the header's text variable, its file's address, the URL buttons' suffixes (message variables allowed). */
  ...templateExtrasFields,
});
export type BirthdayTemplate = z.infer<typeof birthdayTemplateSchema>;

/** Why a greeting was not sent: no template chosen for the connection, or Meta no longer approves it. */
export const BIRTHDAY_SKIP_REASONS = ['noTemplate', 'templateUnusable'] as const;
export type BirthdaySkipReason = (typeof BIRTHDAY_SKIP_REASONS)[number];

/** GET /birthdays/templates: each Cloud API connection of the company with its template and its skipped greetings. */
export interface BirthdayConnection {
  id: number;
  name: string;
  template: BirthdayTemplate | null;
  /** Greetings not sent through it since its template was last saved. */
  skipped: number;
  lastSkippedOn: string | null;
  lastSkipReason: BirthdaySkipReason | null;
}
