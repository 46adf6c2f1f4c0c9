import { STANDING_TOPIC, type ConnectionStanding } from '@guiche/contracts';
import { definePlugin } from '@guiche/core';
import { createStandingHandler } from './cloud-guard.js';
import { createCampaignService } from './campaign-service.js';
import { createContactLists } from './contact-lists.js';
import { createDispatch, DISPATCH_KIND, PROGRESS_KIND, START_KIND, type DispatchPayload, type StartPayload } from './dispatch.js';
import { createEvents } from './events.js';
import { CHECK_KIND, createNumberCheck, type CheckPayload } from './number-check.js';
import { registerRoutes } from './routes.js';
import { registerGuardRoutes } from './guard-routes.js';

export default definePlugin({
  id: 'campaigns',
  kind: 'module',
  planFlag: 'useCampaigns',
  migrations: 'migrations',
  webModule: 'campaigns',
  register(ctx) {
    const events = createEvents(ctx.realtime);
    const dispatch = createDispatch(ctx, events);
    ctx.timedWork.define<StartPayload>(START_KIND, dispatch.start, { maxAttempts: 10, backoffMs: 5_000 });
    ctx.timedWork.define<DispatchPayload>(DISPATCH_KIND, dispatch.dispatch, { maxAttempts: 10, backoffMs: 5_000 });
    ctx.timedWork.define<StartPayload>(PROGRESS_KIND, dispatch.progress, { maxAttempts: 10, backoffMs: 5_000 });
    ctx.timedWork.define<CheckPayload>(CHECK_KIND, createNumberCheck(ctx, events), { maxAttempts: 5, backoffMs: 10_000 });
    const campaigns = createCampaignService(ctx, events);
    registerRoutes(ctx, campaigns, createContactLists(ctx, events), events);
    registerGuardRoutes(ctx, campaigns);
    // Meta's standing of Cloud API numbers, as the channel reads it: the tier and quality guard.
    const onStanding = createStandingHandler(ctx, events);
    ctx.bus.subscribe<ConnectionStanding>(STANDING_TOPIC, (message) => onStanding(message.payload));
  },
});
