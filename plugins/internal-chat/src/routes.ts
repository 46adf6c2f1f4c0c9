import { z } from 'zod';
import { chatInputSchema, pageQuerySchema, PG_INT_MAX, PrimitiveV, id } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import type { ChatService } from './chat-service.js';
import { readMessageInput } from './message-input.js';

/** A chat is addressed by its numeric id or by its uuid (the web's /chats/:uuid). */
const chatParamsSchema = z.object({
  id: z
    .string()
    .max(36, PrimitiveV.id)
    .regex(/^(?:[1-9]\d{0,9}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, PrimitiveV.id)
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= PG_INT_MAX, PrimitiveV.id),
});
const messagesQuerySchema = pageQuerySchema.pick({ pageNumber: true });
/** The reader is always the caller; a userId sent along is accepted and ignored. */
const readBodySchema = z.object({ userId: id.optional() }).nullish();

export function registerChatRoutes(routes: PluginContext['routes'], chats: ChatService, storage: PluginContext['storage']): void {
  routes.get('/chats', { schema: { querystring: pageQuerySchema } }, (request) => chats.list(request.auth, request.query));

  routes.get('/chats/:id', { schema: { params: chatParamsSchema } }, (request) =>
    chats.show(request.auth, request.params.id),
  );

  routes.post('/chats', { schema: { body: chatInputSchema } }, async (request, reply) => {
    const chat = await chats.create(request.auth, request.body);
    return reply.code(201).send(chat);
  });

  routes.put('/chats/:id', { schema: { params: chatParamsSchema, body: chatInputSchema } }, (request) =>
    chats.update(request.auth, request.params.id, request.body),
  );

  routes.delete('/chats/:id', { schema: { params: chatParamsSchema } }, async (request, reply) => {
    await chats.remove(request.auth, request.params.id);
    return reply.code(204).send();
  });

  routes.post('/chats/:id/read', { schema: { params: chatParamsSchema, body: readBodySchema } }, async (request, reply) => {
    await chats.markRead(request.auth, request.params.id);
    return reply.code(204).send();
  });

  routes.get('/chats/:id/messages', { schema: { params: chatParamsSchema, querystring: messagesQuerySchema } }, (request) =>
    chats.messages(request.auth, request.params.id, request.query.pageNumber),
  );

  // JSON or multipart: the body is validated by readMessageInput, not by a route schema.
  routes.post('/chats/:id/messages', { schema: { params: chatParamsSchema } }, async (request, reply) => {
    const message = await chats.send(request.auth, request.params.id, () =>
      readMessageInput(request, storage, request.auth.companyId),
    );
    return reply.code(201).send(message);
  });
}
