import { z } from 'zod';

/**
 * The Content-Security-Policy forbids eval (issue #26), so zod must not even probe for it (the probe
 * is reported as a violation). The setting is global to every zod copy on the page, the modules' too.
 */
z.config({ jitless: true });
