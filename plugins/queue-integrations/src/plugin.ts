import { definePlugin, secretBox, type PluginDefinition } from '@guiche/core';
import { createDialogflowBehaviour, createDialogflowClient, DIALOGFLOW_API } from './behaviours/dialogflow.js';
import { createTypebotBehaviour } from './behaviours/typebot.js';
import { createWebhookBehaviour } from './behaviours/webhook.js';
import { DEFAULT_LIMITS, type OutsideLimits } from './behaviours/reply.js';
import { allowPrivateFromEnv } from './destination.js';
import { createIntegrationEvents } from './events.js';
import { createIntegrationRepository, type IntegrationRow } from './repository.js';
import { registerIntegrationRoutes } from './routes.js';
import { INTEGRATION_TYPES, type IntegrationType } from '@guiche/contracts';
import type { ConversationInput, ConversationOutcome } from '@guiche/core';

export interface QueueIntegrationsOptions {
  /** DialogFlow's API base (tests: a local fake); default Google's, or DIALOGFLOW_API_URL. */
  dialogflowApi?: string;
  /** Per call to an outside bot: timeout, retries, first backoff. */
  limits?: Partial<OutsideLimits>;
  /** Let calls reach private, loopback, link-local… addresses (tests; default INTEGRATIONS_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
}

/** A Typebot conversation may wait out several typed delays; others answer within a request's time. */
const TIMEOUTS: Record<IntegrationType, number> = { typebot: 120_000, dialogflow: 45_000, n8n: 45_000, webhook: 45_000 };

export function createQueueIntegrationsPlugin(options: QueueIntegrationsOptions = {}): PluginDefinition {
  return definePlugin({
    id: 'queue-integrations',
    kind: 'module',
    planFlag: 'useIntegrations',
    migrations: 'migrations',
    webModule: 'queue-integrations',
    async register(ctx) {
      const repo = createIntegrationRepository(ctx.db, await secretBox(ctx.db));
      await repo.fillMissingSecrets();
      const allowPrivate = options.allowPrivate ?? allowPrivateFromEnv();
      const limits: OutsideLimits = { ...DEFAULT_LIMITS, ...options.limits, guard: { allowPrivate } };
      const dialogflow = createDialogflowClient(options.dialogflowApi ?? process.env.DIALOGFLOW_API_URL ?? DIALOGFLOW_API, limits);
      const bctx = { messages: ctx.messages, storage: ctx.storage, db: ctx.db, log: ctx.log, limits };
      const behaviours: Record<IntegrationType, (input: ConversationInput, row: IntegrationRow) => Promise<ConversationOutcome>> = {
        typebot: createTypebotBehaviour(bctx),
        dialogflow: createDialogflowBehaviour(bctx, dialogflow),
        n8n: createWebhookBehaviour(bctx, repo),
        webhook: createWebhookBehaviour(bctx, repo),
      };
      for (const type of INTEGRATION_TYPES) {
        ctx.bot.registerHandler(
          type,
          async (input) => {
            const row = input.ticket.integrationId ? await repo.find(input.companyId, input.ticket.integrationId) : undefined;
            if (!row) return 'handover';
            return behaviours[row.type](input, row);
          },
          { timeoutMs: TIMEOUTS[type], planFlag: 'useIntegrations' },
        );
      }
      registerIntegrationRoutes(ctx, repo, createIntegrationEvents(ctx.realtime), dialogflow, allowPrivate);
    },
  });
}

export default createQueueIntegrationsPlugin();
