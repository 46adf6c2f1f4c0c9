import { definePlugin } from '@guiche/core';
import { registerScheduleRoutes } from './routes.js';
import { createScheduleEvents } from './schedule-events.js';
import { createScheduleService, SEND_KIND, type SendPayload } from './schedule-service.js';
import { createScheduleSender } from './send-due.js';

export default definePlugin({
  id: 'schedules',
  kind: 'module',
  planFlag: 'useSchedules',
  migrations: 'migrations',
  webModule: 'schedules',
  register(ctx) {
    const events = createScheduleEvents(ctx.realtime);
    ctx.timedWork.define<SendPayload>(SEND_KIND, createScheduleSender(ctx, events), { maxAttempts: 5, backoffMs: 5_000 });
    registerScheduleRoutes(ctx, createScheduleService(ctx, events), events);
  },
});
