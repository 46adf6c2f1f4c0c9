/**
 * BullMQ forbids ':' in queue names, and in custom job ids it also rejects integer-looking
 * values. Our names use ':' freely (`outbound:12`, `schedule:42`), so they are mapped here, in one
 * place, the same way on every node.
 */

/** `outbound:12` → `outbound-12`. */
export function bullQueueName(queue: string): string {
  return queue.replace(/:/g, '-');
}

const ID_MARK = 'id-';

/** Reversible: `42` → `id-42`, `send:7` → `id-send%3A7`. */
export function encodeBullJobId(id: string): string {
  return ID_MARK + id.replace(/%/g, '%25').replace(/:/g, '%3A');
}

/** Inverse of encodeBullJobId; ids BullMQ generated itself come back untouched. */
export function decodeBullJobId(bullId: string): string {
  if (!bullId.startsWith(ID_MARK)) return bullId;
  return bullId.slice(ID_MARK.length).replace(/%3A/g, ':').replace(/%25/g, '%');
}
