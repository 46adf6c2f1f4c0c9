#!/usr/bin/env node
import { loadConfig } from '../config.js';
import { createKernel } from '../kernel.js';
import { demoBanner } from '../demo/index.js';
import { handleShutdownSignals } from '../ops/index.js';

/** The generated password is shown on the start that created it and never again (only its hash is kept). */
function superAdminLine(email: string, generated: string | null, fromEnv: boolean): string {
  if (generated) return `  Super admin: ${email} / ${generated}  (generated now and shown only this once: keep it, or change it after signing in)`;
  if (fromEnv) return `  Super admin: ${email} (password from SUPER_ADMIN_PASSWORD when first created)`;
  return `  Super admin: ${email} (password printed at the first start)`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const kernel = await createKernel(config);
  const address = await kernel.listen();
  const url = config.PUBLIC_URL ?? address.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
  const mode = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`;
  const lines = [
    '',
    `  Guichê is running at ${url}`,
    `  Database: ${mode}; ${config.REDIS_URL ? 'Redis bus and jobs' : 'in-process bus and jobs'}`,
    superAdminLine(config.SUPER_ADMIN_EMAIL, kernel.generatedSuperAdminPassword, !!config.SUPER_ADMIN_PASSWORD),
    `  API docs: ${url}${config.API_BASE}/docs`,
    ...(kernel.demo ? ['', ...demoBanner(kernel.demo, url)] : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  handleShutdownSignals(kernel, kernel.app.log, config.SHUTDOWN_TIMEOUT);
}

main().catch((err) => {
  process.stderr.write(`Guichê failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
