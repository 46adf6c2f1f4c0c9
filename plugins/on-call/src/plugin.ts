import { definePlugin } from '@guiche/core';
import { createNotifier } from './notifier.js';
import { watchConnectionAlerts } from './connection-alerts.js';
import { createPlantaoService } from './plantao-service.js';
import { watchSlaBreaches } from './sla-breach-alerts.js';
import { registerRoutes } from './routes.js';

export default definePlugin({
  id: 'on-call',
  kind: 'module',
  planFlag: null,
  migrations: 'migrations',
  register(ctx) {
    const notifier = createNotifier(ctx);
    notifier.start();
    watchConnectionAlerts(ctx);
    watchSlaBreaches(ctx);
    const plantoes = createPlantaoService(ctx, { changed: (companyId, id) => notifier.rotaChanged(companyId, id) });
    registerRoutes(ctx, plantoes);
  },
});
