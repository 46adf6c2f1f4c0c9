import { WAMessageStatus, type MessageUserReceipt } from '@whiskeysockets/baileys';
import type { Ack } from '@guiche/core';

/**
 * Baileys' message status → the inbox's ack: ERROR reports nothing (the message stays where it
 * was), PENDING is the clock (0), SERVER_ACK sent (1), DELIVERY_ACK delivered (2), READ (3), PLAYED (4).
 */
export function ackOfStatus(status: number | null | undefined): Ack | null {
  switch (status) {
    case WAMessageStatus.PENDING:
      return 0;
    case WAMessageStatus.SERVER_ACK:
      return 1;
    case WAMessageStatus.DELIVERY_ACK:
      return 2;
    case WAMessageStatus.READ:
      return 3;
    case WAMessageStatus.PLAYED:
      return 4;
    default:
      return null;
  }
}

/** A group member's receipt (message-receipt.update): played beats read beats delivered. */
export function ackOfReceipt(receipt: MessageUserReceipt): Ack | null {
  if (receipt.playedTimestamp) return 4;
  if (receipt.readTimestamp) return 3;
  if (receipt.receiptTimestamp) return 2;
  return null;
}
