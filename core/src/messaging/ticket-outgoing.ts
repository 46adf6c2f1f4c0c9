import { ACCEPT_GREETING_TEMPLATE } from '@guiche/contracts';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { renderVariables, ticketVariables } from './variables.js';

/**
 * Sends a system message of a transition through the outbound sender. A failure (e.g. the
 * connection is down) is logged and never undoes the transition that already happened.
 */
async function sendSafely(core: CoreServices, ticket: TicketRow, userId: number | null, template: string, what: string): Promise<void> {
  try {
    const body = renderVariables(template, await ticketVariables(core.db, ticket, userId));
    if (!body.trim()) return;
    await core.channels.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, userId, body });
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id }, `ticket ${what} not sent`);
  }
}

/** Setting sendGreetingAccepted: posted as the virtual assistant (no user); group tickets only under groupAsTicket. */
export async function sendAcceptGreeting(core: CoreServices, ticket: TicketRow, agentId: number): Promise<void> {
  if ((await core.settings.get(ticket.companyId, 'sendGreetingAccepted')) !== 'enabled') return;
  if (ticket.isGroup) {
    const connection = ticket.whatsappId ? await core.db('whatsapps').where({ id: ticket.whatsappId }).first('groupAsTicket') : undefined;
    if (connection?.groupAsTicket !== 'enabled') return;
  }
  const variables = await ticketVariables(core.db, ticket, agentId);
  try {
    const body = renderVariables(ACCEPT_GREETING_TEMPLATE, variables);
    await core.channels.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, userId: null, body });
  } catch (err) {
    core.log.warn({ err, ticketId: ticket.id }, 'ticket greeting not sent');
  }
}

/** The closing agent's farewellMessage, else the connection's complationMessage. */
export async function sendFarewell(core: CoreServices, ticket: TicketRow, agentId: number): Promise<void> {
  const [agent, connection] = await Promise.all([
    core.db('users').where({ id: agentId, companyId: ticket.companyId }).first('farewellMessage'),
    ticket.whatsappId ? core.db('whatsapps').where({ id: ticket.whatsappId }).first('complationMessage') : undefined,
  ]);
  const template = agent?.farewellMessage?.trim() || connection?.complationMessage?.trim() || '';
  if (template) await sendSafely(core, ticket, agentId, template, 'farewell');
}
