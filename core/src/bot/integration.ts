import { logTicket, setTicket, type BotRun } from './run.js';
import { BotTimers } from './timers.js';

/**
 * The conversation goes to an integration or a prompt: the bot lets go, useIntegration is on, and
 * and the message gets a hand-off row in this transaction: the registered handler runs it after the commit (hand-off.ts).
 */
export async function startIntegration(run: BotRun, target: { integrationId: number | null; promptId: number | null }): Promise<void> {
  setTicket(run, { botStage: null, chatbotId: null, isBot: false, useIntegration: true, integrationId: target.integrationId, promptId: target.promptId });
  logTicket(run, 'chatBot', { data: { integrationId: target.integrationId, promptId: target.promptId } });
  run.timers.push({ kind: BotTimers.inactive, cancel: true });
  run.handOff = true;
}
