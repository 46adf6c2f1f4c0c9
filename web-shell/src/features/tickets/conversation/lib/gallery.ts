/** Image gallery zoom (inbox.md §2): buttons step 0.2, pinch zoom kept between 1 and 3. */
export const ZOOM_STEP = 0.2;
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;

const round = (n: number) => Math.round(n * 100) / 100;

export function clampZoom(zoom: number): number {
  return round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)));
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - ZOOM_STEP);
}

/** Pinch: the zoom at the start of the gesture scaled by how far the fingers moved apart. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom(startZoom * (distance / startDistance));
}
