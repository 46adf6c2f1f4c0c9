import type { FastifyInstance } from 'fastify';
import type { Server as SocketIoServer } from 'socket.io';
import { HEALTH_PREFIX } from './health.js';
import { METRICS_PATH } from './metrics-endpoint.js';

/**
 * The node's drain state (SIGTERM): once begun, readiness answers 503, new requests get
 * 503 ERR_DRAINING with `Connection: close` and new socket.io connections are refused, while the
 * requests already running finish. The listener stays open so that load balancers keep reading
 * the readiness they route by.
 */
export interface Drain {
  readonly draining: boolean;
  begin(): void;
  /** Counts one running request; call the returned function once when it ends. */
  enter(): () => void;
  /** Resolves when no request admitted before the drain is still running. */
  idle(): Promise<void>;
}

export function createDrain(): Drain {
  let draining = false;
  let inFlight = 0;
  const waiters: Array<() => void> = [];
  const settle = () => {
    if (inFlight === 0) for (const resolve of waiters.splice(0)) resolve();
  };
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
    enter() {
      inFlight++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight--;
        settle();
      };
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      });
    },
  };
}

export function installDrain(app: FastifyInstance, io: SocketIoServer, drain: Drain): void {
  app.addHook('onRequest', async (request, reply) => {
    // Probes and scrapes keep answering: they are how the drain is observed.
    if (request.url.startsWith(HEALTH_PREFIX) || request.url === METRICS_PATH) return;
    if (drain.draining) return reply.code(503).header('connection', 'close').send({ error: 'ERR_DRAINING' });
    // 'close' fires once whether the response finished or the client went away.
    reply.raw.once('close', drain.enter());
  });
  io.use((_socket, next) => next(drain.draining ? new Error('ERR_DRAINING') : undefined));
}
