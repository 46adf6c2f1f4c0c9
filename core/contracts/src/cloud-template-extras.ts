// The zod fields of a template send's extras (issue #29), apart from cloud-templates.ts so the web's
// first screen, which imports that file through the SDK, does not load zod.
import { z } from 'zod';
import { text } from './primitives.js';

/**
 * The three extra fields of a template send as every path takes them (the ticket's template send,
 * the external API, campaigns, schedules, on-call rotas, birthday templates) and stores them with
 * its row: the header's text variable, the header file's address, the URL buttons' suffixes. Counts
 * and the address are checked against the stored template at save and send (@guiche/meta-graph's
 * approvedTemplateSend); paths that fill placeholders ({nome}, {ticket}…) fill these values too.
 * Optional, so a row without them stays as it was ({name, language, variables}).
 */
export const templateExtrasFields = {
  // Meta takes at most 60 characters in a header's text parameter.
  headerParameters: z.array(text(60)).max(1, 'validation.tooLong').optional(),
  headerMedia: z.preprocess((v) => (v === '' || v === null ? undefined : v), text(2048, { trim: true }).optional()),
  buttonParameters: z.array(text(2000)).max(10, 'validation.tooLong').optional(),
};
export const templateExtrasSchema = z.object(templateExtrasFields);
export type TemplateExtrasInput = z.infer<typeof templateExtrasSchema>;
