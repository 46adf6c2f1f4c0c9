import {
  earlierMessagesQuerySchema,
  MESSAGE_EDIT_WINDOW_MS,
  messageEditSchema,
  messageForwardSchema,
  messageIdParamsSchema,
  messageImagesQuerySchema,
  messageMediaQuerySchema,
  messageReactSchema,
  messageSendSchema,
  messagesQuerySchema,
  ticketParamsSchema,
} from '@guiche/contracts';
import { AppError, type AuthUser, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { hidesNumbers } from '../contacts/lgpd.js';
import { canSeeTicket, findTicket, loadViewer, loadVisibleTicket, type TicketRow } from './ticket-access.js';
import { markTicketRead } from './ticket-read.js';
import { maskTicket, ticketDetails } from './ticket-details.js';
import { earlierMessagesPage } from './earlier-messages.js';
import { findMessage, ticketMessagesPage, toRecords, type MessageRow } from './messages-repository.js';
import { copyStoredMedia, readMultipartSend, storeVCard, type OutgoingMedia } from './messages-media.js';
import { assertWritable, checkQuoted, emptyMessage, sendToTicket, signPrefix, type Outgoing } from './messages-send.js';
import { contactMediaTab, ticketImages } from './messages-tabs.js';
import { defineForwardJob, forwardMessages } from './messages-forward.js';
import { registerTicketNoteRoutes } from './notes-routes.js';
import { registerTicketTagRoutes } from './messages-ticket-tags.js';
import { registerQuickMessageRoutes } from './quick-messages-routes.js';

const TAGS = ['messages'];

/** Messages (inbox.md §7 Messages), ticket notes, ticket tags and quick messages. */
export function registerMessageRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;
  defineForwardJob(core);

  /** The message and its ticket when the caller may see the ticket; 404 otherwise (never tells tenants apart). */
  const visibleMessage = async (auth: AuthUser, id: number): Promise<{ message: MessageRow; ticket: TicketRow }> => {
    const message = await findMessage(db, auth.companyId, id);
    const ticket = message && (await findTicket(db, auth.companyId, message.ticketId));
    if (!message || !ticket || !(await canSeeTicket(core, auth, ticket))) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
    return { message, ticket };
  };
  const records = async (auth: AuthUser, rows: MessageRow[]) => toRecords(db, core.storage, auth.companyId, rows, await hidesNumbers(core, auth));
  const recordsByIds = async (auth: AuthUser, ids: number[]) => {
    const rows = ids.length ? await Promise.all(ids.map((id) => findMessage(db, auth.companyId, id))) : [];
    return records(auth, rows.filter((r): r is MessageRow => Boolean(r)));
  };

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/messages/:ticketId', { schema: { tags: TAGS, params: ticketParamsSchema, querystring: messagesQuerySchema } }, async (request) => {
      const { auth } = request;
      const ticket = await loadVisibleTicket(core, auth, request.params.ticketId);
      // Opening the conversation (its newest page) reads it: the unread badge goes back to 0.
      if (request.query.pageNumber === 1) await markTicketRead(core, ticket);
      const [page, details, hide] = await Promise.all([ticketMessagesPage(db, ticket, request.query.pageNumber), ticketDetails(db, ticket), hidesNumbers(core, auth)]);
      return {
        messages: await toRecords(db, core.storage, auth.companyId, page.rows, hide),
        count: page.count,
        ticket: hide ? maskTicket(details) : details,
        hasMore: page.hasMore,
      };
    });

    // A returning customer's earlier conversations on this connection, above this ticket's first message.
    scope.get('/messages/:ticketId/earlier', { schema: { tags: TAGS, params: ticketParamsSchema, querystring: earlierMessagesQuerySchema } }, async (request) => {
      const { auth } = request;
      const ticket = await loadVisibleTicket(core, auth, request.params.ticketId);
      const page = await earlierMessagesPage(db, auth, ticket, request.query.beforeId);
      return { messages: await records(auth, page.rows), tickets: page.tickets, hasMore: page.hasMore };
    });

    scope.post('/messages/:ticketId', { schema: { tags: TAGS, params: ticketParamsSchema } }, async (request) => {
      const { auth } = request;
      const ticket = await loadVisibleTicket(core, auth, request.params.ticketId);
      assertWritable(ticket);
      let out: Outgoing;
      if (request.isMultipart()) {
        const { fields, media } = await readMultipartSend(core, request, auth.companyId);
        if (fields.mediaTitle && media[0]) media[0].fileName = fields.mediaTitle;
        out = { bodies: fields.body, media, quotedMsgId: fields.quotedMsgId, isPrivate: fields.isPrivate, sign: fields.signMessage };
      } else {
        const input = messageSendSchema.parse(request.body ?? {});
        const media: OutgoingMedia[] = [];
        if (input.vCard) media.push(await storeVCard(core, auth.companyId, input.vCard));
        else if (input.mediaUrl) media.push(await copyStoredMedia(core, auth.companyId, input.mediaUrl));
        out = { bodies: [input.body], media, quotedMsgId: input.quotedMsg?.id, isPrivate: input.isPrivate, sign: input.signMessage };
      }
      try {
        if (!out.media.length && !out.bodies.some((b) => b.trim())) throw emptyMessage();
        if (!out.media.length) out.bodies = [out.bodies.find((b) => b.trim())!.trim()];
        await checkQuoted(core, ticket, out.quotedMsgId);
      } catch (error) {
        await Promise.all(out.media.map((m) => core.storage.remove(m.path).catch(() => undefined)));
        throw error;
      }
      const ids = await sendToTicket(core, auth, ticket, out);
      return { messages: await recordsByIds(auth, ids) };
    });

    scope.post('/messages/edit/:id', { schema: { tags: TAGS, params: messageIdParamsSchema, body: messageEditSchema } }, async (request) => {
      const { auth } = request;
      const { message } = await visibleMessage(auth, request.params.id);
      if (message.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
      if (!message.fromMe || message.userId !== auth.id) throw new AppError('ERR_NO_PERMISSION', 403);
      if (Date.now() - new Date(message.createdAt).getTime() > MESSAGE_EDIT_WINDOW_MS) throw new AppError('ERR_EDIT_WINDOW_EXPIRED', 400);
      let body = request.body.body;
      // A signed message stays signed: the agent edits the text after their name.
      const user = await core.users.findById(auth.companyId, auth.id);
      if (user && message.body.startsWith(signPrefix(user.name)) && !body.startsWith(signPrefix(user.name))) body = signPrefix(user.name) + body;
      await core.channels.sender.edit(auth.companyId, Number(message.id), body);
      return (await recordsByIds(auth, [Number(message.id)]))[0];
    });

    scope.delete('/messages/:id', { schema: { tags: TAGS, params: messageIdParamsSchema } }, async (request) => {
      const { auth } = request;
      const { message } = await visibleMessage(auth, request.params.id);
      // Only what the company sent can be deleted for everyone; the contact's messages are theirs.
      if (!message.fromMe) throw new AppError('ERR_NO_PERMISSION', 403);
      if (!message.isDeleted) await core.channels.sender.remove(auth.companyId, Number(message.id));
      return (await recordsByIds(auth, [Number(message.id)]))[0];
    });

    const react = async (request: { auth: AuthUser; body: { id: number; text: string } }) => {
      const { auth } = request;
      const { message } = await visibleMessage(auth, request.body.id);
      if (message.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
      await core.channels.sender.react(auth.companyId, Number(message.id), request.body.text, auth.id);
      return (await recordsByIds(auth, [Number(message.id)]))[0];
    };
    scope.post('/react/messages', { schema: { tags: TAGS, body: messageReactSchema } }, async (request) => react(request));
    scope.post('/messages/react', { schema: { tags: TAGS, body: messageReactSchema } }, async (request) => react(request));

    scope.post('/message/forward', { schema: { tags: TAGS, body: messageForwardSchema } }, async (request) => {
      const { auth } = request;
      const ids = [...new Set(Array.isArray(request.body.messageId) ? request.body.messageId : [request.body.messageId])];
      const sources = [];
      for (const id of ids) {
        const { message } = await visibleMessage(auth, id);
        if (message.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND', 404);
        sources.push({ id: Number(message.id), whatsappId: message.whatsappId });
      }
      return forwardMessages(core, auth, sources, request.body.contactId, request.body.signMessage);
    });

    scope.get('/messages/listimages/:ticketId', { schema: { tags: TAGS, params: ticketParamsSchema, querystring: messageImagesQuerySchema } }, async (request) => {
      const ticket = await loadVisibleTicket(core, request.auth, request.params.ticketId);
      const page = await ticketImages(db, ticket, request.query.pageNumber);
      return { images: await records(request.auth, page.rows), hasMore: page.hasMore };
    });

    scope.get('/messages/getmedia/:ticketId', { schema: { tags: TAGS, params: ticketParamsSchema, querystring: messageMediaQuerySchema } }, async (request) => {
      const ticket = await loadVisibleTicket(core, request.auth, request.params.ticketId);
      const page = await contactMediaTab(db, ticket, await loadViewer(db, request.auth), request.query.type, request.query.pageNumber);
      const withLinks = new Map(page.rows.map((r) => [Number(r.id), r.links]));
      const rows = (await records(request.auth, page.rows)).map((r) => (withLinks.get(r.id) ? { ...r, links: withLinks.get(r.id) } : r));
      return { type: request.query.type, records: rows, hasMore: page.hasMore };
    });
  });

  registerTicketNoteRoutes(routes, core);
  registerTicketTagRoutes(routes, core);
  registerQuickMessageRoutes(routes, core);
}
