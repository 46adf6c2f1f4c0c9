import { z } from 'zod';
import { V } from '@guiche/contracts';

/** A contact list's name (outreach-config.md §5: 2 to 50). */
export const contactListNameSchema = z.object({ name: z.string().trim().min(2, V.tooShort).max(50, V.tooLong) });

/** A list's contact: name 2 to 50, number 8 to 50, e-mail valid or empty. */
export const contactListItemSchema = z.object({
  name: z.string().trim().min(2, V.tooShort).max(50, V.tooLong),
  number: z.string().trim().min(8, V.tooShort).max(50, V.tooLong),
  email: z.union([z.literal(''), z.email(V.invalidEmail)]),
});
export type ContactListItemForm = z.infer<typeof contactListItemSchema>;
