import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_BITS_PER_SECOND, audioFileName, preferredAudioType } from '../lib/audio-format';

export type RecorderState = 'idle' | 'starting' | 'recording';

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
}

/** Records audio from the microphone; `stop` resolves with the recorded file, `cancel` drops it. */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const current = useRef<Recording | null>(null);

  const release = useCallback(() => {
    current.current?.stream.getTracks().forEach((track) => track.stop());
    current.current = null;
    setState('idle');
  }, []);

  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = preferredAudioType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      current.current = { recorder, stream, chunks };
      recorder.start();
      setState('recording');
    } catch (err) {
      release();
      throw err;
    }
  }, [release]);

  const stop = useCallback(async (): Promise<File | null> => {
    const recording = current.current;
    if (!recording) return null;
    const { recorder, chunks } = recording;
    await new Promise<void>((resolve) => {
      recorder.addEventListener('stop', () => resolve(), { once: true });
      recorder.stop();
    });
    release();
    const type = recorder.mimeType || chunks[0]?.type || 'audio/webm';
    return new File(chunks, audioFileName(type, new Date()), { type });
  }, [release]);

  const cancel = useCallback(() => {
    const recording = current.current;
    if (recording && recording.recorder.state !== 'inactive') recording.recorder.stop();
    release();
  }, [release]);

  return { state, start, stop, cancel };
}
