import { renderVariables, ticketVariables } from './variables.js';
import { MessagesApiV } from '@guiche/contracts';
import { AppError, type AuthUser } from '../plugin-sdk/types.js';
import type { CoreServices } from '../services.js';
import type { TicketRow } from './ticket-access.js';
import { discard, type OutgoingMedia } from './messages-media.js';

/** inbox.md §2/§5: the message input is enabled only while the ticket is open or a group. */
const WRITABLE_STATUSES = ['open', 'group'];

export function assertWritable(ticket: TicketRow): void {
  if (!WRITABLE_STATUSES.includes(ticket.status)) throw new AppError('ERR_TICKET_NOT_OPEN', 400, { status: ticket.status });
}

export const emptyMessage = () => new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['body'], message: MessagesApiV.messageEmpty }] });

/** The prefix the sendSignMessage setting puts before an agent's text: '*Name*:\n'. */
export function signPrefix(userName: string): string {
  return `*${userName}*:\n`;
}

/**
 * The body as the contact reads it: with the agent's signature when the company's sendSignMessage
 * is enabled and the agent did not switch it off for this message. Blank text and private notes
 * (never sent) are left alone.
 */
export async function signedBody(core: CoreServices, auth: AuthUser, body: string, sign: boolean): Promise<string> {
  if (!sign || !body.trim()) return body;
  if ((await core.settings.get(auth.companyId, 'sendSignMessage')) !== 'enabled') return body;
  const user = await core.users.findById(auth.companyId, auth.id);
  return user ? signPrefix(user.name) + body : body;
}

/** The quoted message must be of this conversation's contact; anything else is answered as not found. */
export async function checkQuoted(core: CoreServices, ticket: TicketRow, quotedMsgId: number | undefined): Promise<void> {
  if (quotedMsgId === undefined) return;
  const quoted = await core
    .db('messages')
    .join('tickets', 'tickets.id', 'messages.ticketId')
    .where({ 'messages.companyId': ticket.companyId, 'messages.id': quotedMsgId, 'tickets.contactId': ticket.contactId })
    .first('messages.id');
  if (!quoted) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
}

export interface Outgoing {
  /** Text of a message without media, or the captions of the media in order (missing ones are ''). */
  bodies: string[];
  media: OutgoingMedia[];
  quotedMsgId?: number;
  isPrivate: boolean;
  sign: boolean;
}

/**
 * Hands the messages to the connection's outbound queue through core.channels.sender, one per
 * media (in order), or one text. Files not handed over when a send fails are removed.
 */
export async function sendToTicket(core: CoreServices, auth: AuthUser, ticket: TicketRow, out: Outgoing): Promise<number[]> {
  const sign = out.sign && !out.isPrivate;
  const items = out.media.length ? out.media.map((media, i) => ({ media, body: out.bodies[i] ?? '' })) : [{ media: undefined, body: out.bodies[0] ?? '' }];
  // Quick replies and typed texts may carry {{name}}, {{protocol}}…: rendered for the contact (never in private notes).
  const variables = !out.isPrivate && items.some((item) => item.body.includes('{{')) ? await ticketVariables(core.db, ticket, auth.id) : null;
  const ids: number[] = [];
  for (const [index, item] of items.entries()) {
    try {
      const { id } = await core.channels.sender.send({
        companyId: auth.companyId,
        ticketId: ticket.id,
        userId: auth.id,
        body: await signedBody(core, auth, variables ? renderVariables(item.body, variables) : item.body, sign),
        media: item.media,
        quotedMsgId: index === 0 ? out.quotedMsgId : undefined,
        isPrivate: out.isPrivate,
      });
      ids.push(id);
    } catch (error) {
      await discard(core, items.slice(index).flatMap((i) => (i.media ? [i.media] : [])));
      throw error;
    }
  }
  return ids;
}
