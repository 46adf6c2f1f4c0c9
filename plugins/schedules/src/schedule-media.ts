import type { FastifyRequest } from 'fastify';
import { storeSingleUpload, type PluginContext } from '@guiche/core';
import { SCHEDULES_TABLE, type ScheduleView } from './schedule-repository.js';

const FOLDER = 'schedules';

type Ctx = Pick<PluginContext, 'db' | 'storage' | 'log'>;

/** Stores the attachment and points the schedule at it; the previous file goes once the row no longer names it. */
export async function attachScheduleMedia(ctx: Ctx, request: FastifyRequest, schedule: ScheduleView): Promise<void> {
  const stored = await storeSingleUpload(ctx.storage, request, { companyId: schedule.companyId, folder: FOLDER });
  try {
    await ctx.db(SCHEDULES_TABLE)
      .where({ id: schedule.id, companyId: schedule.companyId })
      .update({ mediaPath: stored.path, mediaName: stored.name, mediaType: stored.type, updatedAt: ctx.db.fn.now() });
  } catch (error) {
    await ctx.storage.remove(stored.path).catch(() => undefined);
    throw error;
  }
  await removeFile(ctx, schedule.mediaPath);
}

export async function detachScheduleMedia(ctx: Ctx, schedule: ScheduleView): Promise<void> {
  await ctx.db(SCHEDULES_TABLE).where({ id: schedule.id, companyId: schedule.companyId }).update({ mediaPath: null, mediaName: null, mediaType: null, updatedAt: ctx.db.fn.now() });
  await removeFile(ctx, schedule.mediaPath);
}

async function removeFile(ctx: Ctx, path: string | null): Promise<void> {
  if (path) await ctx.storage.remove(path).catch((err) => ctx.log.warn({ err, path }, 'schedule media not removed'));
}
