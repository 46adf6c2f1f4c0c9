import { useCallback, useEffect, useState } from 'react';
import { CAPTURE_JPEG_QUALITY, cameraProblemOf, canUseCamera, captureSize, type CameraProblem } from '../lib/camera.js';

export type CameraState = { status: 'off' } | { status: 'starting' } | { status: 'live'; stream: MediaStream } | { status: 'error'; problem: CameraProblem };

function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * The camera while `active`: asked for when it turns on, and every track stopped when it turns
 * off or the component goes away — also when the answer comes after the dialog was closed.
 */
export function useCamera(active: boolean) {
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active) {
      setState({ status: 'off' });
      return;
    }
    if (!canUseCamera(navigator)) {
      setState({ status: 'error', problem: 'unsupported' });
      return;
    }
    let stream: MediaStream | null = null;
    let closed = false;
    setState({ status: 'starting' });
    navigator.mediaDevices.getUserMedia({ video: true }).then(
      (granted) => {
        if (closed) {
          stopStream(granted);
          return;
        }
        stream = granted;
        // Unplugged, or the permission revoked while in use: the browser ends the track.
        for (const track of granted.getVideoTracks()) track.addEventListener('ended', () => !closed && setState({ status: 'error', problem: 'ended' }), { once: true });
        setState({ status: 'live', stream: granted });
      },
      (error: unknown) => {
        if (!closed) setState({ status: 'error', problem: cameraProblemOf(error) });
      },
    );
    return () => {
      closed = true;
      if (stream) stopStream(stream);
    };
  }, [active, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** The video's current frame as a JPEG. */
export function captureJpeg(video: HTMLVideoElement): Promise<Blob> {
  const { width, height } = captureSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context || !width) return Promise.reject(new Error('camera frame not available'));
  context.drawImage(video, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', CAPTURE_JPEG_QUALITY));
}
