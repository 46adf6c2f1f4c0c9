import { createHash } from 'node:crypto';
import type { BusMessage } from '@guiche/core';

/** A UUID-shaped id derived from `seed`: every node computes the same one for the same event. */
export function eventIdOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What identifies one bus message on every node that hears it: topic, publish time and payload. */
export function busMessageKey(message: BusMessage<unknown>): string {
  return createHash('sha256').update(`${message.topic}\n${message.publishedAt}\n${JSON.stringify(message.payload)}`).digest('hex').slice(0, 32);
}
