import type { Knex } from 'knex';
import type { TicketRow } from './ticket-access.js';
import { localTime } from '../clock/business-clock.js';

/** Message variables rendered in greetings, farewells and quick messages ({{name}} etc.). */
export interface MessageVariables {
  firstName: string;
  name: string;
  userName: string;
  ms: string;
  protocol: string;
  date: string;
  hour: string;
  ticket_id: string;
  queue: string;
  connection: string;
}

/** The business clock's reading as the two-digit strings the variables print. */
function zoned(now: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const t = localTime(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { year: String(t.year), month: pad(t.month), day: pad(t.day), hour: pad(t.hour), minute: pad(t.minute), second: pad(t.second) };
}

/** Bom dia (05–11h), Boa tarde (12–17h), Boa noite otherwise, by the hour in America/Sao_Paulo. */
export function greetingOfTheDay(now: Date): string {
  const hour = Number(zoned(now).hour);
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function buildVariables(input: {
  contactName: string;
  userName?: string | null;
  ticketId: number;
  ticketCreatedAt: Date;
  queueName?: string | null;
  connectionName?: string | null;
  now?: Date;
}): MessageVariables {
  const now = input.now ?? new Date();
  const t = zoned(now);
  const created = zoned(input.ticketCreatedAt);
  const name = input.contactName.trim();
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    userName: input.userName ?? '',
    ms: greetingOfTheDay(now),
    // Stable for a ticket: the day it was opened followed by its id.
    protocol: `${created.year}${created.month}${created.day}${input.ticketId}`,
    date: `${t.day}/${t.month}/${t.year}`,
    hour: `${t.hour}:${t.minute}:${t.second}`,
    ticket_id: String(input.ticketId),
    queue: input.queueName ?? '',
    connection: input.connectionName ?? '',
  };
}

/** Replaces {{variable}} (spaces allowed inside the braces); unknown variables are left as written. */
export function renderVariables(template: string, variables: MessageVariables): string {
  return template.replace(/\{\{\s*([a-zA-Z_]+)\s*\}\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(variables, key) ? variables[key as keyof MessageVariables] : whole,
  );
}

/** The variables of a ticket as stored, for the agent `userId` (the one greeting or closing). */
export async function ticketVariables(db: Knex, ticket: TicketRow, userId: number | null, now?: Date): Promise<MessageVariables> {
  const [contact, user, queue, connection] = await Promise.all([
    db('contacts').where({ id: ticket.contactId }).first('name'),
    userId ? db('users').where({ id: userId, companyId: ticket.companyId }).first('name') : undefined,
    ticket.queueId ? db('queues').where({ id: ticket.queueId }).first('name') : undefined,
    ticket.whatsappId ? db('whatsapps').where({ id: ticket.whatsappId }).first('name') : undefined,
  ]);
  return buildVariables({
    contactName: contact?.name ?? '',
    userName: user?.name,
    ticketId: ticket.id,
    ticketCreatedAt: new Date(ticket.createdAt),
    queueName: queue?.name,
    connectionName: connection?.name,
    now,
  });
}
