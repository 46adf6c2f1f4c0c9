import { z } from 'zod';
import { id, templateExtrasFields, text } from '@guiche/contracts';

/** Validation keys of the API (the web's test forms translate them). */
export const ExternalApiV = {
  required: 'validation.required',
  number: 'validation.apiNumber',
  bodyRequired: 'validation.apiBodyRequired',
  templateAlone: 'validation.apiTemplateAlone',
  tooLong: 'validation.tooLong',
} as const;

export const API_BODY_MAX = 4096;
export const API_MEDIA_MAX_FILES = 10;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = z.preprocess(emptyToUndefined, id.optional());
const flag = z.preprocess(
  emptyToUndefined,
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).optional(),
);

/**
 * The fields of POST /api/messages/send, as JSON or as multipart text fields. The number carries
 * no mask: country code, area code and number, digits only (outreach-config.md §5).
 */
export const sendFieldsSchema = z.object({
  number: text(20, { trim: true, error: ExternalApiV.required, tooLong: ExternalApiV.number }).regex(/^\d{8,20}$/, ExternalApiV.number),
  body: text(API_BODY_MAX, { tooLong: ExternalApiV.tooLong }).default(''),
  userId: optionalId,
  queueId: optionalId,
  sendSignature: flag,
  /** A WhatsApp Cloud API template instead of `body` (JSON only): outside the 24-hour window only a template reaches the customer. */
  template: z
    .object({
      name: text(512, { trim: true, error: ExternalApiV.required, tooLong: ExternalApiV.tooLong }),
      language: text(20, { trim: true, error: ExternalApiV.required, tooLong: ExternalApiV.tooLong }),
      variables: z.array(text(1024, { tooLong: ExternalApiV.tooLong })).max(20, ExternalApiV.tooLong).default([]),
      /** Where the template has them: the header's text variable, the header file's http(s) address, the URL buttons' suffixes. */
      ...templateExtrasFields,
    })
    .optional(),
});
export type SendFields = z.infer<typeof sendFieldsSchema>;

/** A text send needs a body; a media send may go without a caption; a template goes alone. */
export function requireBody(fields: SendFields, hasMedia = false): void {
  if (fields.template) {
    if (fields.body.trim() || hasMedia) throw new z.ZodError([{ code: 'custom', path: ['template'], message: ExternalApiV.templateAlone, input: fields.body }]);
    return;
  }
  if (hasMedia) return;
  if (!fields.body.trim()) {
    throw new z.ZodError([{ code: 'custom', path: ['body'], message: ExternalApiV.bodyRequired, input: fields.body }]);
  }
}
