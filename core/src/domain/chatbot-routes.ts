import { z } from 'zod';
import { chatbotInputSchema, chatbotOptionIssues, chatbotUpdateSchema, id } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { findQueue } from './queues-query.js';
import { emitQueue } from './queues-write.js';
import { CHATBOTS_TABLE, assertChatbotTargets, chatbotColumns, findChatbot, syncChatbots } from './queues-chatbots.js';

const TAGS = ['queues'];
const idParams = z.object({ id });

function invalid(issues: { path: string[]; message: string }[]): AppError {
  return new AppError('ERR_VALIDATION', 400, { issues });
}

/** A change of an option is a change of its queue: open queue lists and dialogs refresh. */
async function announce(core: CoreServices, companyId: number, queueId: number): Promise<void> {
  emitQueue(core, companyId, { action: 'update', queue: await findQueue(core.db, companyId, queueId) });
}

/**
 * Chatbot options of the queue dialog (outreach-config.md §2 Queues, §3, §7): GET /chatbot/{id}
 * answers an option with its nested options; admins create, change and delete them (deleting an
 * option deletes its inner options).
 */
export function registerChatbotRoutes(routes: Routes, core: CoreServices): void {
  const { db } = core;

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);

    scope.get('/chatbot/:id', { schema: { params: idParams, tags: TAGS } }, async (request) =>
      findChatbot(db, request.auth.companyId, request.params.id),
    );

    scope.post('/chatbot', { onRequest: requireAdmin, schema: { body: chatbotInputSchema, tags: TAGS } }, async (request, reply) => {
      const { companyId } = request.auth;
      const { queueId: givenQueueId, parentId = null, options, ...fields } = request.body;
      const created = await db.transaction(async (trx) => {
        let queueId = givenQueueId;
        if (parentId) {
          const parent = await trx(CHATBOTS_TABLE).where({ companyId, id: parentId }).forUpdate().first('id', 'queueId', 'greetingMessage');
          if (!parent) throw new AppError('ERR_NOT_FOUND', 404);
          if (queueId && queueId !== parent.queueId) throw invalid([{ path: ['queueId'], message: 'validation.option' }]);
          // The parent becomes a level with options: it needs its message (outreach-config.md §2).
          const issues = chatbotOptionIssues(parent, true).filter((i) => i.path[0] === 'greetingMessage');
          if (issues.length) throw invalid([{ path: ['parentId'], message: issues[0].message }]);
          queueId = parent.queueId;
        } else if (!queueId || !(await trx('queues').where({ companyId, id: queueId }).first('id'))) {
          throw new AppError('ERR_NO_QUEUE_FOUND', 404);
        }
        await assertChatbotTargets(trx, companyId, [{ ...fields, options }]);
        const [row] = await trx(CHATBOTS_TABLE).insert({ ...chatbotColumns(fields), companyId, queueId, parentId }).returning(['id', 'queueId']);
        if (options) await syncChatbots(trx, companyId, row.queueId, row.id, options);
        return row as { id: number; queueId: number };
      });
      await announce(core, companyId, created.queueId);
      return reply.code(201).send(await findChatbot(db, companyId, created.id));
    });

    scope.put('/chatbot/:id', { onRequest: requireAdmin, schema: { params: idParams, body: chatbotUpdateSchema, tags: TAGS } }, async (request) => {
      const { companyId } = request.auth;
      const { options, ...fields } = request.body;
      const queueId = await db.transaction(async (trx) => {
        const current = await trx(CHATBOTS_TABLE).where({ companyId, id: request.params.id }).forUpdate().first();
        if (!current) throw new AppError('ERR_NOT_FOUND', 404);
        const children = options ? options.length > 0 : Boolean(await trx(CHATBOTS_TABLE).where({ parentId: current.id }).first('id'));
        const merged = { ...current, ...fields };
        const issues = chatbotOptionIssues(merged, children);
        if (issues.length) throw invalid(issues);
        await assertChatbotTargets(trx, companyId, [{ ...merged, options }]);
        await trx(CHATBOTS_TABLE).where({ id: current.id }).update({ ...chatbotColumns({ ...fields, queueType: merged.queueType }), updatedAt: trx.fn.now() });
        if (options) await syncChatbots(trx, companyId, current.queueId, current.id, options);
        return current.queueId as number;
      });
      await announce(core, companyId, queueId);
      return findChatbot(db, companyId, request.params.id);
    });

    scope.delete('/chatbot/:id', { onRequest: requireAdmin, schema: { params: idParams, tags: TAGS } }, async (request, reply) => {
      const { companyId } = request.auth;
      const [row] = await db(CHATBOTS_TABLE).where({ companyId, id: request.params.id }).delete().returning('queueId');
      if (!row) throw new AppError('ERR_NOT_FOUND', 404);
      await announce(core, companyId, row.queueId);
      return reply.code(204).send();
    });
  });
}
