import { config } from 'zod/v4/core';

/**
 * The Content-Security-Policy forbids eval (issue #26), so zod must not even probe for it (the probe
 * is reported as a violation). The setting is global to every zod copy on the page, the modules' too
 * (zod keeps it on globalThis). Set through zod's core, not `z`: `z` would bring every schema builder
 * into the shell's first download (issue #28), and `z.config` is this same function.
 */
config({ jitless: true });
