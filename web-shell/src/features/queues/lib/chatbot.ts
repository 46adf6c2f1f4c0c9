import { z } from 'zod';
import { ChatbotTargets, ChatbotTypes, V, type Chatbot, type ChatbotType } from '@guiche/contracts';

export type { ChatbotType };

/** outreach-config.md §9: what choosing an option does. */
export const CHATBOT_TYPES = ChatbotTypes;

/** A chatbot option as GET /queue/{id} and GET /chatbot/{id} give it (outreach-config.md §3): nested options hang under it. */
export type ChatbotOption = Pick<Chatbot, 'id' | 'name' | 'greetingMessage' | 'queueType' | 'closeTicket' | 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId'> & {
  queueId?: number;
  parentId?: number | null;
  options?: ChatbotOption[];
};

/** Where a new option hangs (POST /chatbot): at the top of a queue or under another option. */
export type ChatbotParent = { queueId: number } | { parentId: number };

/** The target each type needs (attendent → a user, queue → a queue, …); text needs none. */
export const TARGET_FIELD = ChatbotTargets;

/** A server refusal on an option's target field is shown on the editor's target select. */
export const TARGET_FIELDS = ['optQueueId', 'optUserId', 'optIntegrationId', 'optFileId'] as const;

/** Keys of the queues namespace for the option editor. */
export const ChatbotV = {
  required: 'queues:chatbot.validation.required',
  tooShort: 'queues:chatbot.validation.tooShort',
  target: 'queues:chatbot.validation.target',
} as const;

export interface ChatbotFormValues {
  name: string;
  greetingMessage: string;
  queueType: ChatbotType;
  closeTicket: boolean;
  /** The id picked for the type's target ('' while none). */
  target: string;
}

/** outreach-config.md §5: name required ("Required") and at least 4 characters ("too short"); a type with a target needs it picked. */
export const chatbotFormSchema = z
  .object({
    name: z.string().trim().min(1, ChatbotV.required).min(4, ChatbotV.tooShort).max(100, V.tooLong),
    greetingMessage: z.string().max(5000, V.tooLong),
    queueType: z.enum(CHATBOT_TYPES),
    closeTicket: z.boolean(),
    target: z.string(),
  })
  .refine((v) => TARGET_FIELD[v.queueType] === null || /^\d+$/.test(v.target), { path: ['target'], message: ChatbotV.target });

export function chatbotFormValues(option?: ChatbotOption): ChatbotFormValues {
  if (!option) return { name: '', greetingMessage: '', queueType: 'text', closeTicket: false, target: '' };
  const field = TARGET_FIELD[option.queueType] ?? null;
  const target = field ? option[field] : null;
  return {
    name: option.name,
    greetingMessage: option.greetingMessage ?? '',
    queueType: (CHATBOT_TYPES as readonly string[]).includes(option.queueType) ? option.queueType : 'text',
    closeTicket: !!option.closeTicket,
    target: target == null ? '' : String(target),
  };
}

/** POST /chatbot (with where it hangs) or PUT /chatbot/{id}: only the type's own target is set, the others null. */
export function chatbotPayload(values: ChatbotFormValues, parent?: ChatbotParent) {
  const field = TARGET_FIELD[values.queueType];
  const target = field && /^\d+$/.test(values.target) ? Number(values.target) : null;
  return {
    name: values.name.trim(),
    greetingMessage: values.greetingMessage.trim() ? values.greetingMessage : null,
    queueType: values.queueType,
    closeTicket: values.closeTicket,
    optUserId: field === 'optUserId' ? target : null,
    optQueueId: field === 'optQueueId' ? target : null,
    optIntegrationId: field === 'optIntegrationId' ? target : null,
    optFileId: field === 'optFileId' ? target : null,
    ...(parent ?? {}),
  };
}

/**
 * outreach-config.md §2: "an option message is required to advance to the next level". Only a
 * saved text option with a message leads to inner options (the other types hand the contact over).
 */
export function canNest(option: Pick<ChatbotOption, 'greetingMessage' | 'queueType'>): boolean {
  return option.queueType === 'text' && !!option.greetingMessage?.trim();
}

/** How many options a delete takes with it (the option and everything under it that is loaded). */
export function countWithDescendants(option: Pick<ChatbotOption, 'options'>): number {
  return 1 + (option.options ?? []).reduce((sum, child) => sum + countWithDescendants(child), 0);
}

/** The options of one level in menu order (by id: the order they were created in). */
export function sortOptions<T extends { id: number }>(options: readonly T[] | null | undefined): T[] {
  return [...(options ?? [])].sort((a, b) => a.id - b.id);
}
