import type { FastifyInstance } from 'fastify';
import { AppError, type Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import { migratePlugin } from '../db/migrate.js';
import type { CoreServices } from '../services.js';
import { createPluginContext, planGate } from './context.js';
import { migrationsDirOf, type LoadedPlugin } from './loader.js';

/**
 * Migrates and registers each plugin in its own encapsulated scope under the API base.
 * A plugin whose migration or register() throws is logged; its routes answer 503 and the
 * rest of the kernel keeps working.
 */
export async function mountPlugins(app: FastifyInstance, core: CoreServices, plugins: LoadedPlugin[]): Promise<LoadedPlugin[]> {
  const healthy: LoadedPlugin[] = [];
  for (const plugin of plugins) {
    const { definition } = plugin;
    try {
      const dir = migrationsDirOf(plugin);
      if (dir) await migratePlugin(core.db, definition.id, dir);
    } catch (err) {
      core.log.error({ err, plugin: definition.id }, 'plugin skipped: migration failed');
      continue;
    }
    // A flag core has no column for is the plugin's own: the plan dialog lists it with its labels.
    if (definition.planFlag) core.plans.declare(definition.planFlag, definition.planFlagLabels);
    let failed = false;
    await app.register(
      async (publicScope) => {
        const publicRoutes = publicScope as unknown as Routes;
        publicRoutes.addHook('onRequest', async () => {
          if (failed) throw new AppError('ERR_INTERNAL', 503);
        });
        await publicScope.register(async (scope) => {
          const routes = scope as unknown as Routes;
          routes.addHook('onRequest', authenticate);
          if (definition.planFlag) routes.addHook('onRequest', planGate(core, definition.planFlag));
          try {
            await definition.register(createPluginContext(definition, routes, publicRoutes, core, {}));
          } catch (err) {
            failed = true;
            core.log.error({ err, plugin: definition.id }, 'plugin disabled: register() failed');
          }
        });
      },
      { prefix: core.config.API_BASE },
    );
    if (!failed) healthy.push(plugin);
  }
  return healthy;
}
