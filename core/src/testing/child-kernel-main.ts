/**
 * A kernel in a process of its own, started by startChildKernel (./child-kernel.ts) so that tests
 * can kill -9 it. Configured entirely by the environment; prints one ready line with its URL.
 */
import { loadConfig } from '../config.js';
import { createKernel } from '../kernel.js';
import { CHILD_READY } from './child-kernel.js';
import { handleShutdownSignals } from '../ops/index.js';

async function main(): Promise<void> {
  const kernel = await createKernel(loadConfig());
  const address = await kernel.listen();
  process.stdout.write(`${CHILD_READY} ${address.replace('0.0.0.0', '127.0.0.1')}\n`);
  handleShutdownSignals(kernel, kernel.app.log, kernel.core.config.SHUTDOWN_TIMEOUT);
}

main().catch((err) => {
  process.stderr.write(`child kernel failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
