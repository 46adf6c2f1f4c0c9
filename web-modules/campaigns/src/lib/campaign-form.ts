import { z } from 'zod';
import { V } from '@guiche/contracts';
import { cloudTemplateFormValues, cloudTemplateInput, type CloudTemplateFormValues } from '@guiche/web-sdk';
import { MESSAGE_SLOTS, type Campaign, type CampaignInput } from '../api/campaigns-api';

/** §4: editable when INATIVA, CANCELADA, or PROGRAMADA more than an hour ahead. */
export const EDITABLE_AHEAD_MS = 3_600_000;
export function isEditable(c: Pick<Campaign, 'status' | 'scheduledAt'> | undefined, now = Date.now()): boolean {
  if (!c || c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  return c.status === 'PROGRAMADA' && !!c.scheduledAt && new Date(c.scheduledAt).getTime() - now > EDITABLE_AHEAD_MS;
}

/** templateKey: the chosen Cloud API template as "name|language" ('' = free text); its extras take contact placeholders. */
export interface CampaignFormValues extends CloudTemplateFormValues {
  name: string;
  confirmation: boolean;
  contactListId: string;
  tagListId: string;
  whatsappIds: number[];
  /** datetime-local with seconds (local time). */
  scheduledAt: string;
  messages: string[];
  confirmationMessages: string[];
  /** The flow a contact's reply starts ('' = none). */
  flowId: string;
}


export const campaignFormSchema = z.object({
  name: z.string().trim().min(2, V.tooShort).max(50, V.tooLong),
  whatsappIds: z.array(z.number()).min(1, V.required),
});

const pad = (n: number) => String(n).padStart(2, '0');
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function campaignFormValues(c?: Campaign): CampaignFormValues {
  return {
    name: c?.name ?? '',
    confirmation: c?.confirmation ?? false,
    contactListId: c?.contactListId ? String(c.contactListId) : '',
    tagListId: c?.tagListId ? String(c.tagListId) : '',
    whatsappIds: c?.whatsappIds ?? [],
    scheduledAt: localInput(c?.scheduledAt ?? null),
    messages: MESSAGE_SLOTS.map((n) => c?.[`message${n}`] ?? ''),
    confirmationMessages: MESSAGE_SLOTS.map((n) => c?.[`confirmationMessage${n}`] ?? ''),
    ...cloudTemplateFormValues(c?.template),
    flowId: c?.flowId ? String(c.flowId) : '',
  };
}

/** Empty strings go as null; the schedule as a date-time with seconds; the connections comma-joined. */
export function toInput(v: CampaignFormValues): CampaignInput {
  const input = {
    name: v.name.trim(),
    confirmation: v.confirmation,
    contactListId: v.contactListId ? Number(v.contactListId) : null,
    tagListId: v.tagListId ? Number(v.tagListId) : null,
    whatsappId: v.whatsappIds.join(','),
    scheduledAt: v.scheduledAt ? new Date(v.scheduledAt).toISOString() : null,
    template: cloudTemplateInput(v),
    flowId: v.flowId ? Number(v.flowId) : null,
  } as CampaignInput;
  for (const [i, n] of MESSAGE_SLOTS.entries()) {
    input[`message${n}`] = v.messages[i]?.trim() ? v.messages[i] : null;
    input[`confirmationMessage${n}`] = v.confirmationMessages[i]?.trim() ? v.confirmationMessages[i] : null;
  }
  return input;
}
