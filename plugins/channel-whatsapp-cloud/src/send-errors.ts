import { PermanentSendError } from '@guiche/core';
import { isGraphError } from '@guiche/meta-graph';

/**
 * Meta's refusals that another attempt cannot change: the message is undeliverable to this
 * recipient (131026), the recipient is not an allowed test number (131030), or is the sender (131021).
 */
const RECIPIENT_CODES = new Set([131021, 131026, 131030]);

/** A send's error as core should treat it: these codes fail the message at once with Meta's text. */
export function sendError(err: unknown): unknown {
  return isGraphError(err) && err.code !== null && RECIPIENT_CODES.has(err.code) ? new PermanentSendError(err.message, err.code) : err;
}
