import type { IngestStep, IngestStepContext } from '../messaging/ingest-step.js';
import type { TicketRow } from '../messaging/ticket-access.js';
import { answer, startConversation } from './flow.js';
import { conversationType, handlerEnabledIn, PROMPT_HANDLER } from './handlers.js';
import { scheduleHandOff } from './hand-off.js';
import { withinHours } from './hours.js';
import { createRun, finishRun, loadBotContact, logTicket, say, setTicket, type BotRun } from './run.js';
import { queueById } from './catalog.js';
import { applyTimers, BotTimers, ticketTimerKey } from './timers.js';
import { BotTexts } from './texts.js';
import { outOfHours } from './flow.js';

const OUT_OF_HOURS_RESEND_MS = 60 * 60000;

/** A new conversation's expiry (expiresTicket) and queue redirect (timeSendQueue → sendIdQueue), when configured. */
async function scheduleConversationTimers(ctx: IngestStepContext): Promise<void> {
  const { connection, ticket, trx, core } = ctx;
  const key = ticketTimerKey(ticket.id);
  const at = (minutes: number) => new Date(Date.now() + minutes * 60000);
  if (connection.expiresTicket > 0) {
    await core.timedWork.schedule({ kind: BotTimers.expire, key, companyId: ticket.companyId, dueAt: at(connection.expiresTicket), payload: {} }, trx);
  }
  if (connection.timeSendQueue > 0 && connection.sendIdQueue && !ticket.queueId) {
    await core.timedWork.schedule({ kind: BotTimers.sendQueue, key, companyId: ticket.companyId, dueAt: at(connection.timeSendQueue), payload: {} }, trx);
  }
}

/** A new conversation gets something from the bot (else it costs no query): hours, consent, a greeting or queues. */
function greets(ctx: IngestStepContext, settings: Record<string, string>): boolean {
  const { connection } = ctx;
  return (
    settings.scheduleType === 'company' ||
    settings.scheduleType === 'connection' ||
    settings.enableLGPD === 'enabled' ||
    (settings.walletRouting ?? 'disabled') !== 'disabled' ||
    connection.queueIds.length > 0 ||
    Boolean(connection.greetingMessage?.trim())
  );
}

/** The ticket is with a conversation handler: this message goes to it (a hand-off row, run after commit). */
function withHandler(ticket: TicketRow): boolean {
  return ticket.useIntegration && Boolean(ticket.integrationId || ticket.promptId || ticket.conversationHandler) && !ticket.botStage;
}

async function begin(ctx: IngestStepContext): Promise<BotRun> {
  const contact = await loadBotContact(ctx.trx, ctx.connection.companyId, ctx.contactId);
  return createRun({
    core: ctx.core,
    trx: ctx.trx,
    connection: ctx.connection,
    settings: await ctx.core.settings.all(ctx.connection.companyId),
    now: new Date(),
    contact,
    ticket: ctx.ticket,
    afterCommit: ctx.afterCommit,
  });
}

async function end(ctx: IngestStepContext, run: BotRun): Promise<TicketRow | undefined> {
  const updated = await finishRun(run);
  const ticket = updated ?? run.ticket;
  await applyTimers(run.core, run.trx, ticket, run.timers);
  if (run.handOff) await handOff(ctx, ticket);
  return updated;
}

/** The message goes to the ticket's handler through a timed-work row written with the message (hand-off.ts). */
function handOff(ctx: IngestStepContext, ticket: TicketRow): Promise<void> {
  return scheduleHandOff(ctx.core, ctx.trx, ticket, { id: ctx.messageId, body: ctx.message.body ?? '', mediaType: ctx.message.mediaType });
}


/**
 * Conversation starters (a plan module's triggers: the flow builder's welcome, default and keyword
 * flows) may claim an unattended ticket for their handler before the menu bot: the ticket is then
 * with that handler and this message is handed off to it. Costs no query when none is registered.
 */
async function claimByStarter(ctx: IngestStepContext, starting: boolean): Promise<TicketRow | undefined> {
  const { core, trx, ticket } = ctx;
  const starters = core.bot.starters();
  if (!starters.length) return undefined;
  const firstContact =
    starting && ctx.ticketChange === 'create' && !(await trx('tickets').where({ companyId: ticket.companyId, contactId: ctx.contactId, whatsappId: ctx.connection.id }).whereNot({ id: ticket.id }).first('id'));
  const message = { id: ctx.messageId, body: ctx.message.body ?? '', mediaType: ctx.message.mediaType };
  for (const { starter, planFlag } of starters) {
    // The plan flags cache (a miss read through the transaction): no query on a plain message.
    if (planFlag && !(await core.plans.has(ticket.companyId, planFlag, trx))) continue;
    const type = await starter({ trx, companyId: ticket.companyId, connectionId: ctx.connection.id, ticket, newConversation: starting, firstContact, message });
    if (!type || !core.bot.get(type)) continue;
    const [updated] = await trx('tickets')
      .where({ id: ticket.id })
      .update({ useIntegration: true, isBot: true, conversationHandler: type, botStage: null, chatbotId: null, updatedAt: trx.fn.now() })
      .returning('*');
    await handOff(ctx, updated);
    return updated;
  }
  return undefined;
}

/**
 * The module of the ticket's handler is still in the company's plan. The integration's type is
 * read only when some module registered integration types (else its table may not exist).
 */
async function handlerStillInPlan(ctx: IngestStepContext): Promise<boolean> {
  const { core, ticket } = ctx;
  const type = ticket.conversationHandler ? ticket.conversationHandler : ticket.promptId ? PROMPT_HANDLER : core.bot.types().some((t) => t !== PROMPT_HANDLER) ? await conversationType({ db: ctx.trx }, ticket) : null;
  return handlerEnabledIn(ctx.trx, core.bot, ticket.companyId, type);
}

/** A plan without the handler's module: the ticket leaves the handler and the menu bot starts over. */
async function backToMenu(ctx: IngestStepContext): Promise<TicketRow | undefined> {
  const run = await begin(ctx);
  setTicket(run, { useIntegration: false, integrationId: null, promptId: null, conversationHandler: null });
  logTicket(run, 'chatBot', { data: { handover: 'planDisabled' } });
  if (!run.contact.disableBot) await startConversation(run);
  return end(ctx, run);
}

/** sendMessageOutExpedientTicketOpen: an agent's open ticket out of hours gets the message (at most once an hour). */
async function outOfHoursForOpen(ctx: IngestStepContext, settings: Record<string, string>): Promise<TicketRow | undefined> {
  const { ticket } = ctx;
  const last = ticket.outOfHoursSentAt ? new Date(ticket.outOfHoursSentAt).getTime() : 0;
  if (Date.now() - last < OUT_OF_HOURS_RESEND_MS) return undefined;
  const run = await begin(ctx);
  let message: string | null = null;
  if (settings.scheduleType === 'queue') {
    const queue = ticket.queueId ? await queueById(ctx.trx, ticket.companyId, ticket.queueId) : undefined;
    if (queue && !withinHours(queue.schedules, run.now)) message = queue.outOfHoursMessage;
  } else if (await outOfHours(run)) {
    message = ctx.connection.outOfHoursMessage;
  }
  if (!message || !(await say(run, message))) return undefined;
  setTicket(run, { outOfHoursSentAt: run.now });
  return end(ctx, run);
}

/**
 * The botRouting ingest step (ARCHITECTURE §10): greets and routes new conversations, answers the
 * customer's choices while the bot talks, hands tickets with an integration to their handler, and
 * refuses audio when the contact may not send it. A message to a ticket the bot is not talking on
 * (an agent's conversation) returns before any query unless a setting asks for more.
 */
export const botRoutingStep: IngestStep = async (ctx) => {
  const { ticket, ticketChange, message } = ctx;
  if (ticket.isGroup || ticket.status === 'closed') return;
  const starting = ticketChange !== null && !ticket.userId;
  const settings = await ctx.core.settings.all(ctx.connection.companyId);

  let refuseAudio = false;
  if (message.mediaType === 'audio') {
    const contact = await loadBotContact(ctx.trx, ticket.companyId, ctx.contactId);
    refuseAudio = !contact.acceptAudioMessage;
  }
  if (starting) await scheduleConversationTimers(ctx);
  if (!refuseAudio && !ticket.userId && !ticket.botStage && !withHandler(ticket)) {
    const claimed = await claimByStarter(ctx, starting);
    if (claimed) return claimed;
  }
  if (starting && (refuseAudio || greets(ctx, settings))) {
    const run = await begin(ctx);
    if (refuseAudio) await say(run, BotTexts.audioRefused);
    if (!run.contact.disableBot) await startConversation(run);
    return end(ctx, run);
  }
  if (refuseAudio) {
    // Refused, and never taken as an answer to the bot.
    const run = await begin(ctx);
    await say(run, BotTexts.audioRefused);
    return end(ctx, run);
  }
  if (ticket.botStage) {
    const run = await begin(ctx);
    if (run.contact.disableBot) {
      setTicket(run, { botStage: null, chatbotId: null, isBot: false });
      return end(ctx, run);
    }
    await answer(run, message.body ?? '');
    return end(ctx, run);
  }
  if (withHandler(ticket)) {
    if (!(await handlerStillInPlan(ctx))) return backToMenu(ctx);
    await handOff(ctx, ticket);
    return undefined;
  }
  if (ticket.status === 'open' && settings.sendMessageOutExpedientTicketOpen === 'enabled' && settings.scheduleType !== 'disabled') {
    return outOfHoursForOpen(ctx, settings);
  }
  return undefined;
};
