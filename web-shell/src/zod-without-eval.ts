/**
 * The Content-Security-Policy forbids eval (issue #26), so zod must not even probe for it (the probe
 * is reported as a violation, e2e/security-csp.test.ts). zod 4 keeps its global config on
 * `globalThis.__zod_globalConfig`, shared by every zod copy on the page (the modules' too), and
 * adopts the object already there (`zod/v4/core/core.js`). Writing it here, rather than calling
 * `config` of `zod/v4/core`, keeps zod out of the first screen, which builds no schema (issue #28).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
