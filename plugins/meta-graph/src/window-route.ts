import { z } from 'zod';
import { id } from '@guiche/contracts';
import { AppError, type PluginContext } from '@guiche/core';
import { conversationWindow } from './window.js';

export type WindowChannel = 'whatsappapi' | 'facebook' | 'instagram';

/** A PostgreSQL integer id from the path, or a 400 (never a 500 from the database). */
function ticketIdOf(params: unknown): number {
  const raw = String((params as { ticketId?: unknown }).ticketId ?? '');
  const value = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value > 2147483647) throw new AppError('ERR_VALIDATION', 400, { errors: { ticketId: 'validation.id' } });
  return value;
}

/**
 * A ticket of the caller's company on a connection of `channel` that the caller may work on
 * (404 for another company's or another channel's ticket, 403 for a colleague's).
 */
export async function metaTicket(ctx: PluginContext, auth: { companyId: number; id: number; profile: string }, ticketId: number, channel: WindowChannel) {
  const ticket = await ctx.db('tickets').join('whatsapps', 'whatsapps.id', 'tickets.whatsappId').where({ 'tickets.id': ticketId, 'tickets.companyId': auth.companyId }).first('tickets.*', 'whatsapps.channel');
  if (!ticket || ticket.channel !== channel) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  if (auth.profile !== 'admin' && ticket.userId && ticket.userId !== auth.id) throw new AppError('ERR_NO_PERMISSION', 403);
  return ticket as { id: number; whatsappId: number; contactId: number; userId: number | null; channel: string };
}

/**
 * GET /{channel}/tickets/:ticketId/window — the customer-service window of the ticket's contact:
 * open while the contact's last message is under 24 h old; on Messenger/Instagram also whether
 * the HUMAN_AGENT tag (7 days) still lets a reply through. The conversation input reads it.
 */
export function registerWindowRoute(ctx: PluginContext, channel: WindowChannel): void {
  ctx.routes.get(`/${channel}/tickets/:ticketId/window`, { schema: { params: z.object({ ticketId: id }) } }, async (request) => {
    const ticketId = ticketIdOf(request.params);
    const ticket = await metaTicket(ctx, request.auth, ticketId, channel);
    return conversationWindow(ctx.db, ticket.whatsappId, ticket.contactId, { humanAgent: channel !== 'whatsappapi' });
  });
}
