import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard dragging between lanes: left and right arrows jump the picked card to the centre of
 * the previous or next lane (dnd-kit's default moves 25 px per key press).
 */
export const laneCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  if (!lanes.length) return undefined;
  const active = context.collisionRect;
  const x = active ? active.left + active.width / 2 : currentCoordinates.x;
  let current = lanes.findIndex((r) => x >= r.left && x <= r.left + r.width);
  if (current < 0) current = step > 0 ? -1 : lanes.length;
  const target = lanes[Math.min(lanes.length - 1, Math.max(0, current + step))];
  const width = active?.width ?? 0;
  // currentCoordinates is the card's top-left corner: centre it in the target lane.
  return { x: target.left + target.width / 2 - width / 2, y: Math.max(currentCoordinates.y, target.top + 40) };
};
