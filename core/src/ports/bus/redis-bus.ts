import type { Redis } from 'ioredis';
import type { Bus, BusHandler, BusMessage } from '../types.js';
import type { PortsLogger } from '../logger.js';
import { namespaced } from '../redis/connect.js';
import { TopicHandlers } from './topic-handlers.js';

export interface RedisBusOptions {
  /** Connection used for PUBLISH; may be shared with other ports. */
  pub: Redis;
  /** Connection in subscriber mode, used by this bus only. */
  sub: Redis;
  keyPrefix: string;
  logger: PortsLogger;
}

/**
 * Bus over Redis pub/sub, one channel per topic. The publishing node gets its own messages back
 * from Redis like every other node, so local subscribers are never called twice.
 */
export class RedisBus implements Bus {
  private readonly handlers: TopicHandlers;
  private readonly channelPrefix: string;
  private readonly pendingCommands = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly options: RedisBusOptions) {
    this.handlers = new TopicHandlers(options.logger);
    this.channelPrefix = namespaced(options.keyPrefix, 'bus', '');
    options.sub.on('message', this.onMessage);
  }

  async publish<T>(topic: string, payload: T, meta: { companyId: number | null }): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const message: BusMessage<T> = { topic, payload, companyId: meta.companyId, publishedAt: new Date().toISOString() };
    // A subscribe issued on this node just before must be active, or its handler would miss this.
    await this.whenSubscribed();
    await this.options.pub.publish(this.channelPrefix + topic, JSON.stringify(message));
  }

  subscribe<T>(topic: string, handler: BusHandler<T>): () => void {
    if (this.closed) throw new Error('bus is closed');
    if (this.handlers.add(topic, handler as BusHandler)) {
      this.track(this.options.sub.subscribe(this.channelPrefix + topic), topic);
    }
    return () => {
      if (this.handlers.remove(topic, handler as BusHandler) && !this.closed) {
        this.track(this.options.sub.unsubscribe(this.channelPrefix + topic), topic);
      }
    };
  }

  /** Resolves once every SUBSCRIBE/UNSUBSCRIBE issued so far has been acknowledged by Redis. */
  async whenSubscribed(): Promise<void> {
    while (this.pendingCommands.size > 0) {
      await Promise.all(this.pendingCommands);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.options.sub.off('message', this.onMessage);
    const topics = this.handlers.topics();
    this.handlers.clear();
    await this.whenSubscribed();
    if (topics.length > 0 && this.options.sub.status === 'ready') {
      await this.options.sub.unsubscribe(...topics.map((topic) => this.channelPrefix + topic)).catch(() => undefined);
    }
  }

  private track(command: Promise<unknown>, topic: string): void {
    const tracked = command
      .catch((err: unknown) => this.options.logger.error({ err, topic }, 'bus subscription change failed'))
      .finally(() => this.pendingCommands.delete(tracked));
    this.pendingCommands.add(tracked);
  }

  private readonly onMessage = (channel: string, raw: string): void => {
    if (!channel.startsWith(this.channelPrefix)) return;
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch (err) {
      this.options.logger.warn({ err, channel }, 'bus message is not JSON; dropped');
      return;
    }
    this.handlers.deliver(message);
  };
}
