/** Why the camera dialog shows no picture; each has its own translated message (camera.problem.*). */
export type CameraProblem = 'denied' | 'notFound' | 'busy' | 'unsupported' | 'ended' | 'failed';

/** The getUserMedia rejection as the reason told to the agent (W3C Media Capture names, plus Chrome's old ones). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/**
 * Whether this page may ask for a camera at all: browsers only offer mediaDevices on secure
 * origins (https, localhost), so a plain-http deployment has none and the camera action is hidden.
 */
export function canUseCamera(nav: { mediaDevices?: { getUserMedia?: unknown } } | undefined): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function';
}

/** The captured still's file name, from the local time: camera-20260102-030405.jpg. */
export function cameraFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `camera-${date}-${time}.jpg`;
}

/** The still keeps the camera's resolution, reduced to fit 1920 px on its longer side (what messaging apps send). */
export const CAPTURE_MAX_SIDE = 1920;
export const CAPTURE_JPEG_QUALITY = 0.9;

export function captureSize(width: number, height: number, maxSide = CAPTURE_MAX_SIDE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
