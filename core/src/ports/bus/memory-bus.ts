import type { Bus, BusHandler, BusMessage } from '../types.js';
import type { PortsLogger } from '../logger.js';
import { TopicHandlers } from './topic-handlers.js';

/** In-process bus for the embedded mode: one node, so every subscriber lives here. */
export class MemoryBus implements Bus {
  private readonly handlers: TopicHandlers;
  private closed = false;

  constructor(logger: PortsLogger) {
    this.handlers = new TopicHandlers(logger);
  }

  async publish<T>(topic: string, payload: T, meta: { companyId: number | null }): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const message: BusMessage<T> = { topic, payload, companyId: meta.companyId, publishedAt: new Date().toISOString() };
    // Same contract as the Redis bus: subscribers get a JSON copy (a Date arrives as a string, a
    // handler cannot mutate what another sees) on a later turn, never inline in the publisher.
    const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
    setImmediate(() => {
      if (!this.closed) this.handlers.deliver(copy);
    });
  }

  subscribe<T>(topic: string, handler: BusHandler<T>): () => void {
    this.handlers.add(topic, handler as BusHandler);
    return () => {
      this.handlers.remove(topic, handler as BusHandler);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
  }
}
