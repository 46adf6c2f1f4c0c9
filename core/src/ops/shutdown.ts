/** What a signal handler needs of the kernel (kept small so bin/start and the test child share it). */
export interface Drainable {
  /** Readiness 503, new work refused, running requests, timers and sends finished. */
  drain(): Promise<void>;
  /** Releases leases and closes everything. */
  close(): Promise<void>;
}

interface ShutdownLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * SIGTERM / SIGINT: drain, then close, then exit 0; a shutdown still running after `timeoutMs`
 * exits 1 so an orchestrator never waits forever. A second signal does not start a second drain.
 */
export function handleShutdownSignals(kernel: Drainable, log: ShutdownLog, timeoutMs: number, exit: (code: number) => void = (code) => process.exit(code)): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    log.info({ signal, timeoutMs }, 'draining');
    setTimeout(() => {
      log.error({ signal, timeoutMs }, 'shutdown timed out: exiting with work unfinished');
      exit(1);
    }, timeoutMs).unref();
    try {
      await kernel.drain();
      await kernel.close();
      log.info({ signal, ms: Date.now() - startedAt }, 'stopped');
      exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
