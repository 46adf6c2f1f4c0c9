import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** How a send attempt ended: accepted by the channel, failed for good, or failed with a retry to come. */
export type SendOutcome = 'sent' | 'failed' | 'retry';

/**
 * One kernel's Prometheus metrics. A Registry per kernel, because tests run several kernels in one
 * process. Labels are bounded sets (route templates, status classes, channel names, outcomes):
 * never a company, user, ticket or connection id (ARCHITECTURE.md §14).
 */
export interface OpsMetrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  /** An inbound message was stored (replays and skipped ones are not counted). */
  inbound(channel: string): void;
  /** One outbound delivery attempt ended. */
  sendResult(channel: string, outcome: SendOutcome): void;
  /** A connection stayed down long enough to raise its alert (issue #31). */
  connectionAlert(channel: string): void;
}

export function createMetrics(): OpsMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'guiche_http_request_duration_seconds',
    help: 'HTTP request duration by route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inbound = new Counter({
    name: 'guiche_inbound_messages_total',
    help: 'Inbound messages stored, by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const sends = new Counter({
    name: 'guiche_outbound_send_results_total',
    help: 'Outbound delivery attempts by channel and outcome (sent, failed, retry)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const alerts = new Counter({
    name: 'guiche_connection_alerts_total',
    help: 'Alerts raised for connections down longer than the company allows, by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpDuration,
    inbound: (channel) => inbound.inc({ channel }),
    sendResult: (channel, outcome) => sends.inc({ channel, outcome }),
    connectionAlert: (channel) => alerts.inc({ channel }),
  };
}
