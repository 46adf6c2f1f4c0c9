import type { FastifyRequest } from 'fastify';
import { storeSingleUpload, type PluginContext } from '@guiche/core';

const FOLDER = 'campaigns';
type Ctx = Pick<PluginContext, 'db' | 'storage' | 'log'>;

/** POST /campaigns/{id}/media-upload: stores the file and points the campaign at it; the previous file goes. */
export async function attachMedia(ctx: Ctx, request: FastifyRequest, campaign: { id: number; companyId: number; mediaPath: string | null }): Promise<void> {
  const stored = await storeSingleUpload(ctx.storage, request, { companyId: campaign.companyId, folder: FOLDER });
  try {
    await ctx.db('campaigns').where({ id: campaign.id, companyId: campaign.companyId }).update({ mediaPath: stored.path, mediaName: stored.name, mediaType: stored.type, updatedAt: ctx.db.fn.now() });
  } catch (error) {
    await ctx.storage.remove(stored.path).catch(() => undefined);
    throw error;
  }
  await removeFile(ctx, campaign.mediaPath);
}

export async function detachMedia(ctx: Ctx, campaign: { id: number; companyId: number; mediaPath: string | null }): Promise<void> {
  await ctx.db('campaigns').where({ id: campaign.id, companyId: campaign.companyId }).update({ mediaPath: null, mediaName: null, mediaType: null, updatedAt: ctx.db.fn.now() });
  await removeFile(ctx, campaign.mediaPath);
}

export async function removeFile(ctx: Ctx, path: string | null): Promise<void> {
  if (path) await ctx.storage.remove(path).catch((err) => ctx.log.warn({ err, path }, 'campaign media not removed'));
}
