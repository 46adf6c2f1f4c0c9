import { z } from 'zod';
import type { QuickMessage } from '@guiche/contracts';

/** outreach-config.md §5: the shortcode is required ('Obrigatório'). Keys of this page's namespace. */
export const QuickMessageV = {
  required: 'quickMessages:validation.required',
  tooLong: 'quickMessages:validation.tooLong',
} as const;

export const MESSAGE_ROWS = 7;

/** inbox.md §9: the variables a message text may carry. */
export const MESSAGE_VARIABLES = ['firstName', 'name', 'userName', 'ms', 'protocol', 'date', 'hour', 'ticket_id', 'queue', 'connection'] as const;

export const quickMessageFormSchema = z.object({
  shortcode: z.string().trim().min(1, QuickMessageV.required).max(100, QuickMessageV.tooLong),
  message: z.string().max(65536, QuickMessageV.tooLong),
  geral: z.boolean(),
});

export type QuickMessageFormValues = z.infer<typeof quickMessageFormSchema>;

export function quickMessageFormValues(record: QuickMessage | undefined): QuickMessageFormValues {
  return record ? { shortcode: record.shortcode, message: record.message, geral: record.geral } : { shortcode: '', message: '', geral: false };
}

/** What happens to the attachment on save: kept as is, replaced by a chosen file, or removed. */
export type MediaChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/** The attachment shown in the dialog after the pending change. */
export function mediaShown(record: Pick<QuickMessage, 'mediaName'> | undefined, change: MediaChange): string | null {
  if (change.kind === 'replace') return change.file.name;
  if (change.kind === 'remove') return null;
  return record?.mediaName ?? null;
}
