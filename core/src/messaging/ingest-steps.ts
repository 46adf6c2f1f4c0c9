import type { TicketRow } from './ticket-access.js';
import type { IngestStep, IngestStepContext } from './ingest-step.js';
import { ratingStep } from './ticket-rating.js';
import { botRoutingStep } from '../bot/engine.js';

export type { IngestStep, IngestStepContext } from './ingest-step.js';

/**
 * Routing of an inbound message, in order, after the message is stored and before the live
 * events: a rating answer first, then the bot (core/src/bot: LGPD consent, greeting and queue
 * menu, option trees, out-of-hours, handover, conversation handlers).
 */
export const ingestSteps: readonly { name: string; run: IngestStep }[] = [
  { name: 'rating', run: ratingStep },
  { name: 'botRouting', run: botRoutingStep },
];

/** Runs the steps in order for a message that reaches routing (not from us, not an import, not a reaction). */
export async function runIngestSteps(ctx: IngestStepContext): Promise<TicketRow> {
  let ticket = ctx.ticket;
  for (const step of ingestSteps) {
    const result = await step.run({ ...ctx, ticket });
    if (!result) continue;
    if ('done' in result) return result.ticket;
    ticket = result;
  }
  return ticket;
}
