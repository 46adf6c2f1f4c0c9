import { z } from 'zod';
import { V } from './messages.js';
import { id, oneOf, text } from './primitives.js';

/** Bot option types (outreach-config.md §3, §9). */
export const ChatbotTypes = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotType = (typeof ChatbotTypes)[number];

/** How deep an options tree may nest, and how many options one level may hold. */
export const CHATBOT_MAX_DEPTH = 10;
export const CHATBOT_MAX_OPTIONS = 50;

/** The target each option type needs (outreach-config.md §3): a queue, a user, an integration, a file list. */
export const ChatbotTargets: Record<ChatbotType, 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId' | null> = {
  text: null,
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
};

const optionalId = id.nullable().optional();

/** One option as the queue dialog sends it; `options` are its children (a message is required to have any). */
export interface ChatbotOptionInput {
  /** Present when the option already exists (PUT keeps, updates or drops options by id). */
  id?: number;
  name: string;
  greetingMessage?: string | null;
  queueType?: ChatbotType;
  closeTicket?: boolean;
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optFileId?: number | null;
  options?: ChatbotOptionInput[];
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * Option rules beyond single fields: a message to go a level deeper; each type names its target.
 * `hasChildren` overrides `options` when the children are stored rather than sent (PUT).
 */
export function chatbotOptionIssues(option: Omit<ChatbotOptionInput, 'name'>, hasChildren = Boolean(option.options?.length)): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (hasChildren && blank(option.greetingMessage)) issues.push({ path: ['greetingMessage'], message: V.required });
  const target = ChatbotTargets[option.queueType ?? 'text'];
  if (target && !option[target]) issues.push({ path: [target], message: V.required });
  return issues;
}

function optionRules(option: ChatbotOptionInput, ctx: z.RefinementCtx): void {
  for (const issue of chatbotOptionIssues(option)) ctx.addIssue({ code: 'custom', ...issue });
}

function depth(option: ChatbotOptionInput): number {
  return 1 + Math.max(0, ...(option.options ?? []).map(depth));
}

const optionFields = {
  name: text(255, { trim: true }).min(4, V.tooShort),
  greetingMessage: text(10000).nullable().optional(),
  queueType: oneOf(ChatbotTypes).optional(),
  closeTicket: z.boolean().optional(),
  optQueueId: optionalId,
  optUserId: optionalId,
  optIntegrationId: optionalId,
  optFileId: optionalId,
};

/** A chatbot option with its nested options, as the queue dialog edits it. */
export const chatbotOptionSchema: z.ZodType<ChatbotOptionInput> = z
  .object({
    id: id.optional(),
    ...optionFields,
    get options() {
      return z.array(chatbotOptionSchema).max(CHATBOT_MAX_OPTIONS, V.tooLong).optional();
    },
  })
  .superRefine((option, ctx) => {
    optionRules(option as ChatbotOptionInput, ctx);
    if (depth(option as ChatbotOptionInput) > CHATBOT_MAX_DEPTH) ctx.addIssue({ code: 'custom', path: ['options'], message: V.tooLong });
  });

/** The first-level options of a queue (POST/PUT /queue `chatbots`). */
export const queueChatbotsSchema = z.array(chatbotOptionSchema).max(CHATBOT_MAX_OPTIONS, V.tooLong);

/**
 * POST /chatbot: a new option under a queue (first level) or under another option (parentId),
 * with its own nested options.
 */
export const chatbotInputSchema = z
  .object({
    ...optionFields,
    queueId: id.optional(),
    parentId: id.nullable().optional(),
    get options() {
      return z.array(chatbotOptionSchema).max(CHATBOT_MAX_OPTIONS, V.tooLong).optional();
    },
  })
  .superRefine((option, ctx) => {
    optionRules(option as ChatbotOptionInput, ctx);
    if (!option.queueId && !option.parentId) ctx.addIssue({ code: 'custom', path: ['queueId'], message: V.required });
  });
export type ChatbotInput = z.infer<typeof chatbotInputSchema>;

/**
 * PUT /chatbot/{id}: only what is sent changes; `options`, when sent, is the whole list of children
 * (existing ones by id are updated, new ones created, missing ones deleted with their subtrees).
 * The option rules are checked by the server on the merged result (chatbotOptionIssues).
 */
export const chatbotUpdateSchema = z
  .object({
    ...optionFields,
    name: optionFields.name.optional(),
    get options() {
      return z.array(chatbotOptionSchema).max(CHATBOT_MAX_OPTIONS, V.tooLong).optional();
    },
  });
export type ChatbotUpdate = z.infer<typeof chatbotUpdateSchema>;

/** A stored option with its children, ordered by id (the number the customer types is its position). */
export interface Chatbot {
  id: number;
  companyId: number;
  queueId: number;
  parentId: number | null;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: Chatbot[];
  createdAt: string;
  updatedAt: string;
}
