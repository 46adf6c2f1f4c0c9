import { idParams } from '@guiche/contracts';
import type { PluginContext } from '@guiche/core';
import { attachMedia, detachMedia, removeFile } from './campaign-media.js';
import type { CampaignService } from './campaign-service.js';
import { mustBeAdmin, type ContactLists } from './contact-lists.js';
import type { Events } from './events.js';
import { importSheet, sampleSheet } from './list-upload.js';
import { CHECK_KIND, type CheckPayload } from './number-check.js';
import { campaignInputSchema, contactListInputSchema, contactListItemInputSchema, itemsQuerySchema, listQuerySchema, settingsInputSchema } from './schemas.js';
import { listSettings, saveSettings } from './settings.js';

const TAGS = ['campaigns'];
type Ctx = Pick<PluginContext, 'routes' | 'db' | 'storage' | 'log' | 'timedWork' | 'connections'>;

export function registerRoutes(ctx: Ctx, campaigns: CampaignService, lists: ContactLists, events: Events): void {
  const { routes } = ctx;
  /** The background WhatsApp check of a list's new numbers. */
  const check = (companyId: number, contactListId: number) =>
    ctx.timedWork.schedule<CheckPayload>({ kind: CHECK_KIND, key: String(contactListId), companyId, dueAt: new Date(), payload: { contactListId } });

  // ——— contact lists ———
  routes.get('/contact-lists', { schema: { tags: TAGS, querystring: listQuerySchema } }, (r) => lists.list(r.auth, r.query));
  routes.get('/contact-lists/sample', { schema: { tags: TAGS } }, async (_r, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="planilha_exemplo.xlsx"')
      .send(await sampleSheet()),
  );
  routes.get('/contact-lists/list', { schema: { tags: TAGS } }, (r) => lists.all(r.auth));
  routes.get('/contact-lists/:id', { schema: { tags: TAGS, params: idParams } }, (r) => lists.mustFind(r.auth.companyId, r.params.id));
  routes.post('/contact-lists', { schema: { tags: TAGS, body: contactListInputSchema } }, async (r, reply) => reply.code(201).send(await lists.create(r.auth, r.body.name)));
  routes.put('/contact-lists/:id', { schema: { tags: TAGS, params: idParams, body: contactListInputSchema } }, (r) => lists.update(r.auth, r.params.id, r.body.name));
  routes.delete('/contact-lists/:id', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    await lists.remove(r.auth, r.params.id);
    return { message: 'Contact list deleted' };
  });
  routes.post('/contact-lists/:id/upload', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    mustBeAdmin(r.auth);
    const list = await lists.mustFind(r.auth.companyId, r.params.id);
    const results = await importSheet(ctx, r, list.companyId, list.id);
    events.items(list.companyId, list.id, { action: 'reload' });
    events.contactList(list.companyId, 'update', await lists.mustFind(list.companyId, list.id));
    await check(list.companyId, list.id);
    const count = (s: string) => results.filter((x) => x.status === s).length;
    return { results, created: count('created'), updated: count('updated'), errors: count('error') };
  });

  routes.get('/contact-list-items', { schema: { tags: TAGS, querystring: itemsQuerySchema } }, (r) => lists.items(r.auth, r.query));
  routes.get('/contact-list-items/:id', { schema: { tags: TAGS, params: idParams } }, (r) => lists.mustFindItem(r.auth.companyId, r.params.id));
  routes.post('/contact-list-items', { schema: { tags: TAGS, body: contactListItemInputSchema } }, async (r, reply) => {
    const item = await lists.createItem(r.auth, r.body);
    await check(r.auth.companyId, item.contactListId);
    return reply.code(201).send(item);
  });
  routes.put('/contact-list-items/:id', { schema: { tags: TAGS, params: idParams, body: contactListItemInputSchema } }, async (r) => {
    const item = await lists.updateItem(r.auth, r.params.id, r.body);
    if (item.isWhatsappValid === null) await check(r.auth.companyId, item.contactListId);
    return item;
  });
  routes.delete('/contact-list-items/:id', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    await lists.removeItem(r.auth, r.params.id);
    return { message: 'Contact deleted' };
  });

  // ——— campaigns ———
  routes.get('/campaigns', { schema: { tags: TAGS, querystring: listQuerySchema } }, (r) => campaigns.list(r.auth, r.query));
  routes.get('/campaigns/:id', { schema: { tags: TAGS, params: idParams } }, (r) => campaigns.mustFind(r.auth.companyId, r.params.id));
  routes.post('/campaigns', { schema: { tags: TAGS, body: campaignInputSchema } }, async (r, reply) => reply.code(201).send(await campaigns.create(r.auth, r.body)));
  routes.put('/campaigns/:id', { schema: { tags: TAGS, params: idParams, body: campaignInputSchema } }, (r) => campaigns.update(r.auth, r.params.id, r.body));
  routes.delete('/campaigns/:id', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    const row = await campaigns.remove(r.auth, r.params.id);
    await removeFile(ctx, row.mediaPath);
    return { message: 'Campaign deleted' };
  });
  routes.post('/campaigns/:id/cancel', { schema: { tags: TAGS, params: idParams } }, (r) => campaigns.cancel(r.auth, r.params.id));
  routes.post('/campaigns/:id/restart', { schema: { tags: TAGS, params: idParams } }, (r) => campaigns.restart(r.auth, r.params.id));
  routes.post('/campaigns/:id/media-upload', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    mustBeAdmin(r.auth);
    await attachMedia(ctx, r, await campaigns.mustFind(r.auth.companyId, r.params.id));
    const campaign = await campaigns.mustFind(r.auth.companyId, r.params.id);
    events.campaign(campaign.companyId, 'update', campaign);
    return campaign;
  });
  routes.delete('/campaigns/:id/media-upload', { schema: { tags: TAGS, params: idParams } }, async (r) => {
    mustBeAdmin(r.auth);
    await detachMedia(ctx, await campaigns.mustFind(r.auth.companyId, r.params.id));
    const campaign = await campaigns.mustFind(r.auth.companyId, r.params.id);
    events.campaign(campaign.companyId, 'update', campaign);
    return campaign;
  });

  // ——— settings ———
  routes.get('/campaign-settings', { schema: { tags: TAGS } }, (r) => listSettings(ctx.db, r.auth.companyId));
  routes.post('/campaign-settings', { schema: { tags: TAGS, body: settingsInputSchema } }, async (r) => {
    mustBeAdmin(r.auth);
    await saveSettings(ctx.db, r.auth.companyId, r.body.settings);
    return listSettings(ctx.db, r.auth.companyId);
  });
}
