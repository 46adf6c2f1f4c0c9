import { afterEach, describe, expect, it } from 'vitest';
import type { Bus, BusMessage } from '../../src/ports/types.js';
import { recordingLogger, waitFor, type RecordingLogger } from './helpers.js';

export interface BusHarness {
  /** Two nodes' buses (the same bus twice where the driver has a single node). */
  nodes: [Bus, Bus];
  logger: RecordingLogger;
  /** Resolves once subscriptions made so far are active on every node. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** The behaviour every Bus driver must show. */
export function busContract(driver: string, createHarness: (logger: RecordingLogger) => Promise<BusHarness>): void {
  describe(`Bus contract: ${driver}`, () => {
    let harness: BusHarness | undefined;
    const open = async () => (harness = await createHarness(recordingLogger()));
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    it('delivers a message to the subscribers of every node exactly once', async () => {
      const { nodes: [a, b], settle } = await open();
      const seenByA: BusMessage[] = [];
      const seenByB: BusMessage[] = [];
      a.subscribe('ticket.created', (m) => void seenByA.push(m));
      b.subscribe('ticket.created', (m) => void seenByB.push(m));
      a.subscribe('other.topic', () => {
        throw new Error('wrong topic delivered');
      });
      await settle();

      await a.publish('ticket.created', { ticketId: 1, at: new Date('2026-01-02T03:04:05Z') }, { companyId: 7 });
      // A second message on the same topic arrives after the first, so once it is here any
      // duplicate of the first would have arrived too.
      await a.publish('ticket.created', { ticketId: 2 }, { companyId: 7 });
      await waitFor(() => seenByA.length >= 2 && seenByB.length >= 2, 'both messages on both nodes');

      for (const seen of [seenByA, seenByB]) {
        expect(seen.map((m) => m.payload)).toEqual([{ ticketId: 1, at: '2026-01-02T03:04:05.000Z' }, { ticketId: 2 }]);
        expect(seen[0]).toMatchObject({ topic: 'ticket.created', companyId: 7 });
        expect(Number.isNaN(Date.parse(seen[0].publishedAt))).toBe(false);
      }
      expect(harness!.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
    });

    it('stops delivering to a handler once it unsubscribes', async () => {
      const { nodes: [a, b], settle } = await open();
      const removed: unknown[] = [];
      const kept: unknown[] = [];
      const unsubscribe = b.subscribe('contact.updated', (m) => void removed.push(m.payload));
      b.subscribe('contact.updated', (m) => void kept.push(m.payload));
      await settle();
      await a.publish('contact.updated', 1, { companyId: 1 });
      await waitFor(() => kept.length === 1 && removed.length === 1, 'first message');

      unsubscribe();
      await settle();
      await a.publish('contact.updated', 2, { companyId: 1 });
      await waitFor(() => kept.length === 2, 'second message');
      expect(removed).toEqual([1]);
    });

    it('stops delivering a topic on a node whose last handler left', async () => {
      const { nodes: [a, b], settle } = await open();
      const seen: unknown[] = [];
      const unsubscribe = b.subscribe('queue.changed', (m) => void seen.push(m.payload));
      const marker: unknown[] = [];
      b.subscribe('marker', (m) => void marker.push(m.payload));
      await settle();
      unsubscribe();
      await settle();
      await a.publish('queue.changed', 'ignored', { companyId: null });
      await a.publish('marker', 'done', { companyId: null });
      await waitFor(() => marker.length === 1, 'marker message');
      expect(seen).toEqual([]);
    });

    it('isolates a throwing handler: others still run, the publisher does not fail, the error is logged', async () => {
      const { nodes: [a, b], settle, logger } = await open();
      const delivered: unknown[] = [];
      b.subscribe('message.received', () => {
        throw new Error('handler bug');
      });
      b.subscribe('message.received', async () => {
        await Promise.reject(new Error('async handler bug'));
      });
      b.subscribe('message.received', (m) => void delivered.push(m.payload));
      await settle();

      await expect(a.publish('message.received', { id: 'x' }, { companyId: 3 })).resolves.toBeUndefined();
      await waitFor(() => delivered.length === 1 && logger.entries.filter((e) => e.level === 'error').length === 2, 'delivery and two logged errors');
      const messages = logger.entries.filter((e) => e.level === 'error').map((e) => (e.obj as { err: Error }).err.message);
      expect(messages.sort()).toEqual(['async handler bug', 'handler bug']);
    });
  });
}
