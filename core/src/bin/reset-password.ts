#!/usr/bin/env node
import { loadConfig, listenHost } from '../config.js';
import { connectPglite, connectPostgres } from '../db/connect.js';
import { resetPassword } from '../account/reset-password.js';

/**
 * `npm run reset-password [-- e-mail]`: a new generated password for a user (the super admin by
 * default), printed once, every session of theirs ended. Reads the same configuration as the server.
 */
async function embeddedServerRunning(port: number, host: string): Promise<boolean> {
  try {
    await fetch(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/api/version`, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const email = process.argv[2] ?? config.SUPER_ADMIN_EMAIL;
  if (!config.DATABASE_URL && (await embeddedServerRunning(config.PORT, listenHost(config)))) {
    // The embedded database belongs to one process at a time: writing beside a running server would damage it.
    process.stderr.write(`Guichê is running on port ${config.PORT} with the embedded database: stop it first, then run this again.\n`);
    process.exit(2);
  }
  const database = config.DATABASE_URL ? connectPostgres(config.DATABASE_URL, 1) : await connectPglite(config.DATA_DIR);
  try {
    if (!(await database.knex.schema.hasTable('users'))) {
      process.stderr.write(`No Guichê database here (${config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR=${config.DATA_DIR}`}): start Guichê once first.\n`);
      process.exitCode = 1;
      return;
    }
    const reset = await resetPassword(database.knex, email);
    if (!reset) {
      process.stderr.write(`No user has the e-mail ${email}.\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`New password for ${reset.email}: ${reset.password}\n(shown only now; every session of this user was ended)\n`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  process.stderr.write(`Password reset failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
