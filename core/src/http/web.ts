import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { remoteNameOf, type WebModuleDescriptor } from '@guiche/contracts';
import type { Routes } from '../plugin-sdk/types.js';
import { authenticate } from '../auth/authenticate.js';
import type { CoreServices } from '../services.js';
import { registerPublicFiles } from './public-files.js';

/** The repository root, from core/src/http or core/dist/http. */
export function defaultWebRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
}

// The service worker too: browsers compare it byte for byte to find a new deployment (issue #29).
// setHeaders is given the file sent, which is the precompressed copy when there is one.
const noCache = /(\.html|mf-manifest\.json|remoteEntry\.js|mf-stats\.json|[\\/]sw\.js)(\.br|\.gz)?$/;

function staticOptions(root: string, prefix: string, index: false | string[] = false) {
  return {
    root,
    prefix,
    decorateReply: false,
    wildcard: true,
    index,
    // The build writes .br/.gz beside the shell's and modules' assets (scripts/precompress.mjs).
    preCompressed: true,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('Cache-Control', noCache.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable');
      if (prefix.startsWith('/modules/')) reply.header('Access-Control-Allow-Origin', '*');
    },
  };
}

export function webModuleDir(webRoot: string, id: string): string {
  return path.join(webRoot, 'web-modules', id, 'dist');
}

function shellVersion(shellDir: string): string {
  const index = path.join(shellDir, 'index.html');
  if (!fs.existsSync(index)) return 'none';
  return crypto.createHash('sha256').update(fs.readFileSync(index)).digest('hex').slice(0, 16);
}

/** GET /web-modules (the remotes the caller's plan enables) and GET /version. */
export function registerWebApi(routes: Routes, core: CoreServices, webRoot: string): void {
  routes.get('/web-modules', { onRequest: authenticate, schema: { tags: ['web'] } }, async (request) => {
    const flags = await core.plans.flags(request.auth.companyId);
    const enabled: WebModuleDescriptor[] = [];
    for (const { definition } of core.plugins) {
      if (!definition.webModule) continue;
      if (definition.planFlag && !flags[definition.planFlag]) continue;
      if (!fs.existsSync(path.join(webModuleDir(webRoot, definition.webModule), 'mf-manifest.json'))) continue;
      enabled.push({
        id: definition.webModule,
        planFlag: definition.planFlag,
        entry: `/modules/${definition.webModule}/mf-manifest.json`,
        remoteName: remoteNameOf(definition.webModule),
      });
    }
    return enabled;
  });

  const shellDir = path.join(webRoot, 'web-shell', 'dist');
  routes.get('/version', { schema: { tags: ['web'] } }, async () => ({ version: shellVersion(shellDir) }));
}

/** Serves media (through the storage port), each plugin's remote and the built shell as a single-page app, at the root. */
export async function serveWeb(app: FastifyInstance, core: CoreServices, webRoot: string): Promise<void> {
  registerPublicFiles(app, core.storage);
  const shellDir = path.join(webRoot, 'web-shell', 'dist');

  const shellBuilt = core.config.SERVE_WEB && fs.existsSync(shellDir);
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith(core.config.API_BASE + '/') &&
      !request.url.startsWith('/modules/') &&
      !request.url.startsWith('/public/') &&
      !/\.[a-z0-9]+($|\?)/i.test(request.url);
    if (isPage && shellBuilt) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.readFileSync(path.join(shellDir, 'index.html')));
    }
    return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
  });

  if (!core.config.SERVE_WEB) return;
  for (const { definition } of core.plugins) {
    const dir = definition.webModule ? webModuleDir(webRoot, definition.webModule) : null;
    if (dir && fs.existsSync(dir)) await app.register(fastifyStatic, staticOptions(dir, `/modules/${definition.webModule}/`));
  }
  if (!shellBuilt) {
    core.log.warn({ shellDir }, 'web shell not built: run npm run build');
    return;
  }
  await app.register(fastifyStatic, staticOptions(shellDir, '/', ['index.html']));
}
