import type { BotOption, BotQueue } from './catalog.js';
import { optionById, optionsUnder, queueById, queuesOf } from './catalog.js';
import { sendFileList } from './files.js';
import { handOver } from './handover.js';
import { withinHours } from './hours.js';
import { startIntegration } from './integration.js';
import { lgpdQuestion, optionsMenu, parseAnswer, queueMenu } from './menus.js';
import { logTicket, say, setTicket, type BotRun } from './run.js';
import { BotTexts } from './texts.js';
import { BotTimers } from './timers.js';
import { toWalletOwner } from './wallet.js';

const multiQueue = (run: BotRun) => run.connection.queueIds.length > 1;

/** The bot waits for an answer at `stage` (and `chatbotId`): inactivity is measured from now. */
function ask(run: BotRun, stage: 'lgpd' | 'menu' | 'options', chatbotId: number | null): void {
  setTicket(run, { botStage: stage, chatbotId, isBot: true, botAskedAt: run.now });
  if (run.connection.timeInactiveMessage > 0) {
    run.timers.push({ kind: BotTimers.inactive, dueAt: new Date(run.now.getTime() + run.connection.timeInactiveMessage * 60000), payload: { askedAt: run.now.toISOString() } });
  }
}

/** The bot stops talking; whatever the ticket is now stays. */
function stopBot(run: BotRun): void {
  setTicket(run, { botStage: null, chatbotId: null, isBot: false });
  run.timers.push({ kind: BotTimers.inactive, cancel: true });
}

/** Closes the ticket from the bot, after `farewell` (if any). */
export async function closeByBot(run: BotRun, farewell: string | null | undefined, reason: string): Promise<void> {
  await say(run, farewell);
  stopBot(run);
  setTicket(run, { status: 'closed', closedAt: run.now });
  logTicket(run, 'closed', { data: { by: 'bot', reason } });
  for (const kind of [BotTimers.expire, BotTimers.sendQueue, BotTimers.rotate]) run.timers.push({ kind, cancel: true });
}

/** Out of hours now for the company or the connection (scheduleType company / connection). */
export async function outOfHours(run: BotRun): Promise<boolean> {
  const type = run.settings.scheduleType;
  if (type === 'connection') return !withinHours(run.connection.schedules, run.now);
  if (type === 'company') {
    const company = await run.trx('companies').where({ id: run.ticket.companyId }).first('schedules');
    return !withinHours(company?.schedules, run.now);
  }
  return false;
}

function needsConsent(run: BotRun): boolean {
  if (run.settings.enableLGPD !== 'enabled') return false;
  // lgpdConsent: consent is asked again at the start of every conversation.
  return !run.contact.lgpdAcceptedAt || run.settings.lgpdConsent === 'enabled';
}

/** A new (or reopened) conversation: out of hours, LGPD consent, then the queues. */
export async function startConversation(run: BotRun): Promise<void> {
  setTicket(run, { amountUsedBotQueues: 0, botAttemptsAt: null });
  if (await outOfHours(run)) {
    await say(run, run.connection.outOfHoursMessage);
    setTicket(run, { outOfHoursSentAt: run.now });
    logTicket(run, 'chatBot', { data: { outOfHours: run.settings.scheduleType } });
    stopBot(run);
    return;
  }
  if (needsConsent(run)) {
    await say(run, lgpdQuestion(run.settings.lgpdMessage ?? '', run.settings.lgpdLink ?? ''));
    logTicket(run, 'chatBot', { data: { step: 'lgpd' } });
    ask(run, 'lgpd', null);
    return;
  }
  if (await toWalletOwner(run)) return;
  await offerQueues(run, true);
}

/** The greeting and the connection's queues; one queue is entered straight away. */
async function offerQueues(run: BotRun, greet: boolean): Promise<void> {
  const queues = await queuesOf(run.trx, run.ticket.companyId, run.connection.queueIds);
  const greeting = greet ? run.connection.greetingMessage : null;
  if (!queues.length) {
    await say(run, greeting);
    stopBot(run);
    return;
  }
  if (queues.length === 1) {
    if (run.settings.sendGreetingMessageOneQueues === 'enabled') await say(run, greeting);
    await enterQueue(run, queues[0]);
    return;
  }
  await say(run, queueMenu(greeting, queues));
  logTicket(run, 'chatBot', { data: { step: 'queues' } });
  setTicket(run, { queueId: null });
  ask(run, 'menu', null);
}

/** The customer is in `queue`: its hours, its options, or a human. */
export async function enterQueue(run: BotRun, queue: BotQueue): Promise<void> {
  setTicket(run, { queueId: queue.id });
  run.queueName = queue.name;
  logTicket(run, 'queue', { queueId: queue.id });
  run.timers.push({ kind: BotTimers.sendQueue, cancel: true });
  if (run.settings.scheduleType === 'queue' && !withinHours(queue.schedules, run.now)) {
    await say(run, queue.outOfHoursMessage);
    setTicket(run, { outOfHoursSentAt: run.now });
    stopBot(run);
    return;
  }
  const options = await optionsUnder(run.trx, run.ticket.companyId, queue.id, null);
  if (options.length) {
    await say(run, optionsMenu(queue.greetingMessage, options, multiQueue(run)));
    ask(run, 'options', null);
    return;
  }
  await say(run, queue.greetingMessage);
  if (queue.closeTicket) return closeByBot(run, null, 'queueCloseTicket');
  if (queue.integrationId || queue.promptId) return startIntegration(run, { integrationId: queue.integrationId, promptId: queue.promptId });
  stopBot(run);
  await handOver(run, queue);
}

async function currentQueue(run: BotRun): Promise<BotQueue | null> {
  return run.ticket.queueId ? ((await queueById(run.trx, run.ticket.companyId, run.ticket.queueId)) ?? null) : null;
}

/** Re-sends the menu being answered (after an invalid answer), prefixed by `prefix`. */
async function repeatMenu(run: BotRun, prefix: string): Promise<void> {
  const stage = run.ticket.botStage;
  if (stage === 'lgpd') {
    await say(run, `${prefix}\n\n${lgpdQuestion(run.settings.lgpdMessage ?? '', run.settings.lgpdLink ?? '')}`);
  } else if (stage === 'menu') {
    await say(run, queueMenu(prefix, await queuesOf(run.trx, run.ticket.companyId, run.connection.queueIds)));
  } else {
    const queueId = run.ticket.queueId;
    if (!queueId) return handOver(run, null);
    const node = run.ticket.chatbotId ?? null;
    const options = await optionsUnder(run.trx, run.ticket.companyId, queueId, node);
    if (!options.length) return handOver(run, await currentQueue(run));
    await say(run, optionsMenu(prefix, options, node !== null || multiQueue(run)));
  }
  ask(run, stage ?? 'options', run.ticket.chatbotId ?? null);
}

/** An answer that is not on the menu: the menu again, up to maxUseBotQueues within timeUseBotQueues, then a human. */
async function invalidAnswer(run: BotRun): Promise<void> {
  const { maxUseBotQueues, timeUseBotQueues } = run.connection;
  const started = run.ticket.botAttemptsAt ? new Date(run.ticket.botAttemptsAt) : null;
  const expired = !started || (timeUseBotQueues > 0 && run.now.getTime() - started.getTime() > timeUseBotQueues * 60000);
  const count = (expired ? 0 : run.ticket.amountUsedBotQueues) + 1;
  setTicket(run, { amountUsedBotQueues: count, botAttemptsAt: expired ? run.now : started });
  if (maxUseBotQueues > 0 && count > maxUseBotQueues) {
    logTicket(run, 'chatBot', { data: { handover: 'invalidAnswers', count } });
    if (run.ticket.botStage === 'lgpd') return closeByBot(run, BotTexts.lgpdRefused, 'lgpdUnanswered');
    return handOver(run, await currentQueue(run));
  }
  await repeatMenu(run, BotTexts.invalidOption);
}

/** The customer chose `option` of the current level. */
async function chooseOption(run: BotRun, option: BotOption): Promise<void> {
  logTicket(run, 'chatBot', { data: { chatbotId: option.id, name: option.name, type: option.queueType } });
  switch (option.queueType) {
    case 'attendent': {
      await say(run, option.greetingMessage);
      const queueId = option.optQueueId ?? run.ticket.queueId;
      stopBot(run);
      setTicket(run, { status: 'pending', queueId, userId: option.optUserId });
      logTicket(run, 'transfered', { userId: option.optUserId, queueId, data: { toUserId: option.optUserId, by: 'chatBot' } });
      break;
    }
    case 'queue': {
      await say(run, option.greetingMessage);
      const target = option.optQueueId ? await queueById(run.trx, run.ticket.companyId, option.optQueueId) : undefined;
      if (target) await enterQueue(run, target);
      else await handOver(run, await currentQueue(run));
      break;
    }
    case 'integration':
      await say(run, option.greetingMessage);
      await startIntegration(run, { integrationId: option.optIntegrationId, promptId: null });
      break;
    case 'file':
      await say(run, option.greetingMessage);
      if (option.optFileId) await sendFileList(run, option.optFileId);
      ask(run, 'options', run.ticket.chatbotId ?? null);
      break;
    default: {
      const children = await optionsUnder(run.trx, run.ticket.companyId, option.queueId, option.id);
      if (children.length) {
        await say(run, optionsMenu(option.greetingMessage, children, true));
        ask(run, 'options', option.id);
      } else {
        // A leaf answers and the customer stays on the same menu (the menu is not sent twice).
        await say(run, option.greetingMessage);
        ask(run, 'options', run.ticket.chatbotId ?? null);
      }
    }
  }
  if (option.closeTicket && run.ticket.status !== 'closed') await closeByBot(run, null, 'optionCloseTicket');
}

/** '#': one level up; at a queue's first level, back to the queues (when there are several). */
async function goBack(run: BotRun): Promise<void> {
  const queue = await currentQueue(run);
  if (!queue) return offerQueues(run, false);
  const node = run.ticket.chatbotId ? await optionById(run.trx, run.ticket.companyId, run.ticket.chatbotId) : undefined;
  if (!node) {
    if (multiQueue(run)) return offerQueues(run, false);
    return repeatMenu(run, '');
  }
  const parent = node.parentId ? await optionById(run.trx, run.ticket.companyId, node.parentId) : undefined;
  const options = await optionsUnder(run.trx, run.ticket.companyId, queue.id, parent?.id ?? null);
  await say(run, optionsMenu(parent ? parent.greetingMessage : queue.greetingMessage, options, Boolean(parent) || multiQueue(run)));
  logTicket(run, 'chatBot', { data: { back: true, chatbotId: parent?.id ?? null } });
  ask(run, 'options', parent?.id ?? null);
}

/** The customer's answer to what the bot asked. */
export async function answer(run: BotRun, body: string): Promise<void> {
  const reply = parseAnswer(body);
  if (reply.kind === 'exit') return closeByBot(run, run.connection.complationMessage || BotTexts.ended, 'exit');
  switch (run.ticket.botStage) {
    case 'lgpd':
      if (reply.kind === 'number' && reply.value === 1) {
        await run.trx('contacts').where({ id: run.contact.id }).update({ lgpdAcceptedAt: run.now });
        logTicket(run, 'chatBot', { data: { lgpd: 'accepted' } });
        if (await toWalletOwner(run)) return;
        return offerQueues(run, true);
      }
      if (reply.kind === 'number' && reply.value === 2) {
        logTicket(run, 'chatBot', { data: { lgpd: 'refused' } });
        return closeByBot(run, BotTexts.lgpdRefused, 'lgpdRefused');
      }
      return invalidAnswer(run);
    case 'menu': {
      if (reply.kind === 'back') return repeatMenu(run, '');
      const queues = await queuesOf(run.trx, run.ticket.companyId, run.connection.queueIds);
      const chosen = reply.kind === 'number' ? queues[reply.value - 1] : undefined;
      return chosen ? enterQueue(run, chosen) : invalidAnswer(run);
    }
    default: {
      if (reply.kind === 'back') return goBack(run);
      if (!run.ticket.queueId) return handOver(run, null);
      const options = await optionsUnder(run.trx, run.ticket.companyId, run.ticket.queueId, run.ticket.chatbotId ?? null);
      const chosen = reply.kind === 'number' ? options[reply.value - 1] : undefined;
      return chosen ? chooseOption(run, chosen) : invalidAnswer(run);
    }
  }
}
