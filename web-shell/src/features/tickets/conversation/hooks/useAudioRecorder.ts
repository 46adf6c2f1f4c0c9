import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_BITS_PER_SECOND, audioFileName, recordingType } from '../lib/audio.js';

export type RecorderState = 'idle' | 'starting' | 'recording';

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
}

/** Microphone recording at 128 kbps, mp3 when the browser can; `stop` resolves with the file, `cancel` drops it. */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [format, setFormat] = useState<{ mimeType: string; isMp3: boolean } | null>(null);
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
      const chosen = recordingType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, { ...(chosen.mimeType ? { mimeType: chosen.mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      current.current = { recorder, stream, chunks };
      recorder.start(250);
      setFormat({ mimeType: recorder.mimeType || chosen.mimeType || 'audio/webm', isMp3: chosen.isMp3 });
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
    return new File(chunks, audioFileName(type, new Date()), { type: type.split(';')[0] });
  }, [release]);

  const cancel = useCallback(() => {
    const recording = current.current;
    if (recording && recording.recorder.state !== 'inactive') recording.recorder.stop();
    release();
  }, [release]);

  return { state, format, start, stop, cancel };
}
