import { z } from 'zod';
import { ContactV, V, type Contact } from '@guiche/contracts';
import type { ContactFormInput } from '../api/contacts-api.js';

/**
 * The contact form (inbox.md §5): name required, 2 to 50 ('Required', 'Too Short!', 'Too Long!');
 * number 8 to 50; e-mail valid ('Invalid email'). Messages are the shared validation keys, so the
 * inline errors read exactly like the server's.
 */
export const contactFormSchema = z.object({
  name: z.string().trim().min(1, V.required).min(2, V.tooShort).max(50, V.tooLong),
  number: z.string().trim().min(1, V.required).min(8, V.tooShort).max(50, V.tooLong),
  email: z
    .string()
    .trim()
    .max(120, V.tooLong)
    .refine((value) => value === '' || z.email().safeParse(value).success, V.invalidEmail),
  extraInfo: z
    .array(z.object({ name: z.string().trim().min(1, V.required).max(100, V.tooLong), value: z.string().max(1000, V.tooLong) }))
    .max(50, V.tooLong),
  /** '' (none) or the id of the owner agent, as the select holds it. */
  ownerUserId: z.string(),
  /** '' or 'YYYY-MM-DD' (the date input's value). */
  birthday: z.string().refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), ContactV.birthday),
});

/** A contact that has no number (a website visitor who typed no phone, issue #32) may keep none: '' or the usual rule. */
export const numberOrNone = (number: z.ZodType<string>) => z.union([z.literal(''), number]);

/**
 * The form's rules for this contact: editing one that has no number (a website visitor who typed
 * no phone, issue #32) lets the number stay empty — an edit of the name must not demand a phone.
 */
export function contactFormSchemaFor(initial: { number: string }, editing: boolean) {
  if (!editing || initial.number.trim()) return contactFormSchema;
  return contactFormSchema.extend({ number: numberOrNone(contactFormSchema.shape.number) });
}

export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
  ownerUserId: string;
  birthday: string;
}

export const EMPTY_CONTACT: ContactFormValues = { name: '', number: '', email: '', extraInfo: [], ownerUserId: '', birthday: '' };

export function contactFormValues(contact: Contact | undefined): ContactFormValues {
  if (!contact) return EMPTY_CONTACT;
  return {
    name: contact.name,
    number: contact.number ?? '',
    email: contact.email ?? '',
    extraInfo: (contact.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
    ownerUserId: contact.ownerUserId ? String(contact.ownerUserId) : '',
    birthday: contact.birthday ?? '',
  };
}

/** A number shown masked for LGPD ('*********12'): the form never sends it back unless retyped. */
export function isMaskedNumber(number: string): boolean {
  return number.includes('*');
}

/**
 * What to send. A new contact sends everything; an edit sends the number only when it was changed
 * (a masked number sent back would overwrite the real one).
 */
export function contactPayload(values: ContactFormValues, initial: ContactFormValues, editing: boolean): ContactFormInput {
  const base = {
    name: values.name.trim(),
    email: values.email.trim(),
    extraInfo: values.extraInfo.map((f) => ({ name: f.name.trim(), value: f.value })),
    birthday: values.birthday || null,
    // The owner is sent only when it changed: an agent (who may not change it) saves the rest freely.
    ...(values.ownerUserId !== initial.ownerUserId ? { ownerUserId: values.ownerUserId ? Number(values.ownerUserId) : null } : {}),
  };
  if (!editing || values.number.trim() !== initial.number.trim()) return { ...base, number: values.number.trim() };
  return base;
}
