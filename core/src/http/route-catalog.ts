import type { FastifyInstance } from 'fastify';

/** One route as Fastify registered it (including the HEAD routes Fastify adds for GET). */
export interface CatalogRoute {
  method: string;
  url: string;
  /** `schema.hide`: kept out of the OpenAPI document on purpose. */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the kernel and its plugins (core/test/fuzz-*.test.ts compares it with the OpenAPI document). */
    routeCatalog: CatalogRoute[];
  }
}

/** Records every route registered after it (install before any route). */
export function installRouteCatalog(app: FastifyInstance): void {
  const routes: CatalogRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = !!(route.schema as { hide?: boolean } | undefined)?.hide;
    for (const method of methods) {
      routes.push({ method, url: route.url, hidden });
    }
  });
}
