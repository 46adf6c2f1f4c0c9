import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rooms } from '@guiche/contracts';
import { createTestKernel, nextEvent, type TestKernel } from '@guiche/core/testing';

/**
 * Issue 28 (fan-out): a live event is encoded once per emit, whatever the number of sockets in its
 * rooms (socket.io's adapter encodes the packet, and pre-frames it for WebSocket, once per
 * broadcast). Guards against a change that emits per socket, or an option (per-message deflate)
 * that makes each socket's copy its own work.
 */
let k: TestKernel;
beforeAll(async () => {
  k = await createTestKernel();
});
afterAll(async () => k?.close());

describe('live events are encoded once per emit', () => {
  it('one encoding for a company event that reaches eight sockets', async () => {
    const { company, admin } = await k.createCompany();
    const agents = await Promise.all(Array.from({ length: 3 }, () => k.createUser(company.id)));
    const tokens = [admin.token, admin.token, ...agents.flatMap((agent) => [agent.token, agent.token])];
    const sockets = await Promise.all(tokens.map((token) => k.socket(token)));
    const encoder = (k.kernel.core.io as unknown as { encoder: { encode: (packet: { data?: unknown[] }) => unknown[] } }).encoder;
    const encode = encoder.encode.bind(encoder);
    let encoded = 0;
    encoder.encode = (packet) => {
      if (Array.isArray(packet.data) && packet.data[0] === 'probe-fanout') encoded++;
      return encode(packet);
    };
    try {
      const received = sockets.map((socket) => nextEvent(socket, 'probe-fanout'));
      k.kernel.core.realtime.emit(Rooms.company(company.id), 'probe-fanout', { action: 'update', n: 1 });
      expect(await Promise.all(received)).toHaveLength(sockets.length);
      expect(encoded).toBe(1);
    } finally {
      encoder.encode = encode;
      for (const socket of sockets) socket.disconnect();
    }
  });
});
