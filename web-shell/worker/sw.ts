// The service worker (issue #29): the shell opens with no network, and a new deployment is never
// hidden behind an old copy. Built on its own by scripts/service-worker.mjs, which writes the list of
// the shell's files (self.__WB_MANIFEST) on the first line of web-shell/dist/sw.js: a new build has a
// new list, so the browser sees a new worker, which installs the new files and takes over at once.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

/** Paths a navigation may take that are never the shell: the API, the remotes, uploaded files, the socket. */
const NOT_THE_SHELL = [/^\/api\//, /^\/modules\//, /^\/public\//, /^\/socket\.io\//];
/** A built file whose name carries its content's hash never changes (rsbuild's and the remotes'). */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png)$/;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// Pages: the network first, so an online page is always the deployed one; the precached shell only
// when the network fails (it then shows its offline state). Registered before the precache's route,
// which would otherwise answer "/" from the cache.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_THE_SHELL },
  ),
);

// The shell's own files, installed with the worker and answered from the cache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// The remotes' files as they are used: hashed ones from the cache, their manifests and entries (which
// name the hashed files of the deployed build) from the network when there is one. Never the API: an
// authenticated answer is one user's data and is not kept.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/modules/') && HASHED.test(url.pathname),
  new CacheFirst({ cacheName: 'guiche-modules', plugins: [new ExpirationPlugin({ maxEntries: 600 })] }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/modules/') && !HASHED.test(url.pathname),
  new NetworkFirst({ cacheName: 'guiche-modules-entries', plugins: [new ExpirationPlugin({ maxEntries: 100 })] }),
);
