import type { AnyPlanFlag } from '@guiche/contracts';
import type { BotRegistry, ConversationHandler, ConversationStarter } from '../plugin-sdk/bot.js';

/** How long a handler may take for one message before the ticket goes to a human. */
export const HANDLER_TIMEOUT_MS = 30000;
/** The type of a ticket with a prompt. */
export const PROMPT_HANDLER = 'openai';

interface Registered {
  handler: ConversationHandler;
  timeoutMs: number;
  planFlag: AnyPlanFlag | null;
}

export interface HandlerRegistry extends BotRegistry {
  get(type: string): Registered | undefined;
  types(): string[];
  starters(): readonly { starter: ConversationStarter; planFlag: AnyPlanFlag | null }[];
}

export function createHandlerRegistry(): HandlerRegistry {
  const handlers = new Map<string, Registered>();
  const starters: { starter: ConversationStarter; planFlag: AnyPlanFlag | null }[] = [];
  return {
    registerStarter(starter, options) {
      starters.push({ starter, planFlag: options?.planFlag ?? null });
    },
    starters: () => starters,
    registerHandler(type, handler, options) {
      handlers.set(type, { handler, timeoutMs: options?.timeoutMs ?? HANDLER_TIMEOUT_MS, planFlag: options?.planFlag ?? null });
    },
    get: (type) => handlers.get(type),
    types: () => [...handlers.keys()],
  };
}
