import type { BusHandler, BusMessage } from '../types.js';
import type { PortsLogger } from '../logger.js';

/**
 * The local half of a bus: who listens to which topic on this node, and delivery that isolates
 * handlers from each other and from the publisher.
 */
export class TopicHandlers {
  private readonly byTopic = new Map<string, Set<BusHandler>>();

  constructor(private readonly logger: PortsLogger) {}

  /** Returns true when this is the topic's first handler. */
  add(topic: string, handler: BusHandler): boolean {
    let handlers = this.byTopic.get(topic);
    const first = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.byTopic.set(topic, handlers);
    }
    handlers.add(handler);
    return first;
  }

  /** Returns true when the topic has no handler left. */
  remove(topic: string, handler: BusHandler): boolean {
    const handlers = this.byTopic.get(topic);
    if (!handlers || !handlers.delete(handler)) return false;
    if (handlers.size > 0) return false;
    this.byTopic.delete(topic);
    return true;
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  clear(): void {
    this.byTopic.clear();
  }

  /** Runs every handler of the topic; a failing handler is logged and the others still run. */
  deliver(message: BusMessage): void {
    const handlers = this.byTopic.get(message.topic);
    if (!handlers) return;
    // A copy: a handler that unsubscribes while running must not skip its neighbours.
    for (const handler of [...handlers]) {
      void this.runOne(handler, message);
    }
  }

  private async runOne(handler: BusHandler, message: BusMessage): Promise<void> {
    try {
      await handler(message);
    } catch (err) {
      this.logger.error({ err, topic: message.topic }, 'bus handler failed');
    }
  }
}
