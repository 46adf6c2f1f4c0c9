import type { PluginContext } from '@guiche/core';
import { attachScheduleMedia, detachScheduleMedia } from './schedule-media.js';
import type { ScheduleEvents } from './schedule-events.js';
import type { ScheduleService } from './schedule-service.js';
import { scheduleInputSchema, scheduleParamsSchema, schedulesQuerySchema } from './schemas.js';

const TAGS = ['schedules'];

export function registerScheduleRoutes(ctx: Pick<PluginContext, 'routes' | 'db' | 'storage' | 'log'>, schedules: ScheduleService, events: ScheduleEvents): void {
  const { routes } = ctx;
  routes.get('/schedules', { schema: { tags: TAGS, querystring: schedulesQuerySchema } }, (request) => schedules.list(request.auth, request.query));

  routes.get('/schedules/:id', { schema: { tags: TAGS, params: scheduleParamsSchema } }, (request) => schedules.show(request.auth, request.params.id));

  routes.post('/schedules', { schema: { tags: TAGS, body: scheduleInputSchema } }, async (request, reply) => {
    const schedule = await schedules.create(request.auth, request.body);
    return reply.code(201).send(schedule);
  });

  routes.put('/schedules/:id', { schema: { tags: TAGS, params: scheduleParamsSchema, body: scheduleInputSchema } }, (request) =>
    schedules.update(request.auth, request.params.id, request.body),
  );

  routes.delete('/schedules/:id', { schema: { tags: TAGS, params: scheduleParamsSchema } }, async (request) => {
    await schedules.remove(request.auth, request.params.id);
    return { message: 'Schedule deleted' };
  });

  routes.post('/schedules/:id/media', { schema: { tags: TAGS, params: scheduleParamsSchema } }, async (request) => {
    await attachScheduleMedia(ctx, request, await schedules.mustChange(request.auth, request.params.id));
    const schedule = await schedules.mustFind(request.auth.companyId, request.params.id);
    events.saved('update', schedule);
    return schedule;
  });

  routes.delete('/schedules/:id/media', { schema: { tags: TAGS, params: scheduleParamsSchema } }, async (request) => {
    await detachScheduleMedia(ctx, await schedules.mustChange(request.auth, request.params.id));
    const schedule = await schedules.mustFind(request.auth.companyId, request.params.id);
    events.saved('update', schedule);
    return schedule;
  });
}
