import type {} from '@fastify/multipart';
import { z } from 'zod';
import { CONTACT_EXPORT_FILE, ContactV, contactBlockSchema, contactImportRowSchema, contactMergeQuerySchema, contactMergeSchema, contactInputSchema, contactsExportQuerySchema, contactsListQuerySchema, contactsQuerySchema, contactUpdateSchema, type ContactImportResult, idParams, text } from '@guiche/contracts';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate, requireAdmin } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { contactsForExport, listContacts, listContactsBrief } from './contact-repository.js';
import { emitContactDeleted } from './contact-events.js';
import { createContactService } from './contact-service.js';
import { channelProfile, checkedNumber, importChannelContacts } from './channel-contacts.js';
import { hidesNumbers, maskIf } from './lgpd.js';
import { readContactSheet, writeContactSheet } from './spreadsheet.js';
import { mergeByAdmin, mergePreview } from './contact-merge-admin.js';
import { guardImportOwner, guardOwnerChange } from './wallet-routes.js';

const TAGS = ['contacts'];
const numberParams = z.object({ number: text(50, { trim: true }).min(1) });
const LIST_LIMIT = 500;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerContactRoutes(routes: Routes, core: CoreServices): void {
  const contacts = createContactService(core);

  routes.register(async (scope: Routes) => {
    scope.addHook('onRequest', authenticate);
    scope.get('/contacts', { schema: { tags: TAGS, querystring: contactsQuerySchema } }, async (request) => {
      const { auth } = request;
      const hide = await hidesNumbers(core, auth);
      const { pageNumber, contactTag, ...filter } = request.query;
      const page = await listContacts(core.db, { ...filter, companyId: auth.companyId, tagIds: contactTag, numberSearch: hide ? 'exact' : 'partial' }, pageNumber);
      return { ...page, contacts: page.contacts.map((c) => maskIf(hide, c)) };
    });

    scope.get('/contacts/list', { schema: { tags: TAGS, querystring: contactsListQuerySchema } }, async (request) => {
      const hide = await hidesNumbers(core, request.auth);
      const rows = await listContactsBrief(core.db, { ...request.query, companyId: request.auth.companyId, numberSearch: hide ? 'exact' : 'partial' }, LIST_LIMIT);
      return rows.map((c) => maskIf(hide, c));
    });

    scope.get('/contacts/export', { schema: { tags: TAGS, querystring: contactsExportQuerySchema } }, async (request, reply) => {
      const hide = await hidesNumbers(core, request.auth);
      const batches = contactsForExport(core.db, { companyId: request.auth.companyId, tagIds: request.query.contactTag, numberSearch: 'partial' });
      async function* masked() {
        for await (const batch of batches) yield batch.map((c) => maskIf(hide, c));
      }
      const file = await writeContactSheet(masked());
      return reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="${CONTACT_EXPORT_FILE}"`).send(file);
    });

    scope.get('/contacts/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const hide = await hidesNumbers(core, request.auth);
      return maskIf(hide, await contacts.find(request.auth.companyId, request.params.id));
    });

    scope.get('/contacts/profile/:number', { schema: { tags: TAGS, params: numberParams } }, async (request) =>
      channelProfile(core, request.auth.companyId, request.auth.id, request.params.number),
    );

    scope.post('/contacts/import', { schema: { tags: TAGS } }, async (request): Promise<ContactImportResult> =>
      importChannelContacts(core, contacts, request.auth.companyId, request.auth.id, 'contacts'),
    );

    scope.post('/contacts/import/chats', { schema: { tags: TAGS } }, async (request): Promise<ContactImportResult> =>
      importChannelContacts(core, contacts, request.auth.companyId, request.auth.id, 'chats'),
    );

    scope.post('/contacts', { schema: { tags: TAGS, body: contactInputSchema } }, async (request, reply) => {
      const { auth, body } = request;
      guardOwnerChange(auth, body.ownerUserId ?? undefined, null);
      const number = await checkedNumber(core, auth.companyId, auth.id, body.channel, body.number);
      const contact = await contacts.create(auth.companyId, { ...body, number });
      return reply.code(201).send(maskIf(await hidesNumbers(core, request.auth), contact));
    });

    scope.put('/contacts/:id', { schema: { tags: TAGS, params: idParams, body: contactUpdateSchema } }, async (request) => {
      if (request.body.ownerUserId !== undefined) {
        const current = await contacts.find(request.auth.companyId, request.params.id);
        guardOwnerChange(request.auth, request.body.ownerUserId, current.ownerUserId);
      }
      const contact = await contacts.update(request.auth.companyId, request.params.id, request.body);
      return maskIf(await hidesNumbers(core, request.auth), contact);
    });

    scope.delete('/contacts/:id', { schema: { tags: TAGS, params: idParams }, preHandler: requireAdmin }, async (request) => {
      await contacts.remove(request.auth.companyId, request.params.id);
      emitContactDeleted(core, request.auth.companyId, request.params.id);
      return { message: 'Contact deleted' };
    });

    scope.get('/contacts/:id/merge', { schema: { tags: TAGS, params: idParams, querystring: contactMergeQuerySchema }, preHandler: requireAdmin }, async (request) => {
      const preview = await mergePreview(core, request.auth.companyId, request.params.id, request.query.otherId);
      const hide = await hidesNumbers(core, request.auth);
      return { ...preview, kept: maskIf(hide, preview.kept), merged: maskIf(hide, preview.merged) };
    });

    scope.post('/contacts/:id/merge', { schema: { tags: TAGS, params: idParams, body: contactMergeSchema }, preHandler: requireAdmin }, async (request) => {
      const contact = await mergeByAdmin(core, request.auth.companyId, request.auth.id, request.params.id, request.body.otherId);
      return maskIf(await hidesNumbers(core, request.auth), contact);
    });

    scope.put('/contacts/toggleDisableBot/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const contact = await contacts.toggle(request.auth.companyId, request.params.id, 'disableBot');
      return maskIf(await hidesNumbers(core, request.auth), contact);
    });

    scope.put('/contacts/toggleAcceptAudio/:id', { schema: { tags: TAGS, params: idParams } }, async (request) => {
      const contact = await contacts.toggle(request.auth.companyId, request.params.id, 'acceptAudioMessage');
      return maskIf(await hidesNumbers(core, request.auth), contact);
    });

    scope.put('/contacts/block/:id', { schema: { tags: TAGS, params: idParams, body: contactBlockSchema } }, async (request) => {
      const contact = await contacts.setActive(request.auth.companyId, request.params.id, request.body.active);
      return maskIf(await hidesNumbers(core, request.auth), contact);
    });

    scope.post('/contactsImport', { schema: { tags: TAGS, body: contactImportRowSchema } }, async (request, reply) => {
      guardImportOwner(request.auth, request.body.ownerEmail);
      const { contact, created } = await contacts.importRow(request.auth.companyId, request.body);
      return reply.code(created ? 201 : 200).send(maskIf(await hidesNumbers(core, request.auth), contact));
    });

    scope.post('/contacts/upload', { schema: { tags: TAGS } }, async (request): Promise<ContactImportResult> => {
      const file = request.isMultipart() ? await request.file() : undefined;
      if (!file) throw new AppError('ERR_VALIDATION', 400, { issues: [{ path: ['file'], message: ContactV.spreadsheetFile }] });
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
        throw error;
      }
      const rows = await readContactSheet(buffer);
      const result: ContactImportResult = { created: 0, updated: 0, errors: [] };
      // Row by row, each on its own: one bad row is reported and the others still land.
      for (const { row, values } of rows) {
        const parsed = contactImportRowSchema.safeParse(values);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          result.errors.push({ row, error: issue.message, field: String(issue.path[0]) });
          continue;
        }
        try {
          guardImportOwner(request.auth, parsed.data.ownerEmail);
          const { created } = await contacts.importRow(request.auth.companyId, parsed.data);
          if (created) result.created++;
          else result.updated++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const issue = (error.extra.issues as { path: (string | number)[]; message: string }[] | undefined)?.[0];
          result.errors.push(issue ? { row, error: issue.message, field: String(issue.path[0]) } : { row, error: error.code });
        }
      }
      return result;
    });
  });
}
