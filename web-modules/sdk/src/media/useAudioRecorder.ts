import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_BITS_PER_SECOND, AUDIO_FALLBACK_TYPES, audioFileName, isTooShortAudio, recordingType } from './audio-format.js';

export type AudioRecorderState = 'idle' | 'starting' | 'recording';

/** The format being recorded, known once recording started. */
export interface AudioRecordingFormat {
  mimeType: string;
  isMp3: boolean;
}

/** What `stop` gives back: the file, or `too-short` when it was under MIN_AUDIO_BYTES and was dropped. */
export type AudioRecordingResult = { status: 'recorded'; file: File } | { status: 'too-short'; bytes: number };

export interface AudioRecorderOptions {
  /**
   * When mp3 is not available, ask for the first supported of these types before leaving the
   * choice to the browser. Default AUDIO_FALLBACK_TYPES; `[]` lets the browser pick its default.
   */
  fallbackTypes?: readonly string[];
  /** Milliseconds between data chunks (MediaRecorder.start(timeslice)); default: one chunk at stop. */
  timesliceMs?: number;
  /** The File's type without codec parameters (`audio/webm`, not `audio/webm;codecs=opus`). Default false. */
  bareFileType?: boolean;
}

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
}

/**
 * Microphone recording at 128 kbps, mp3 when the browser can. `start` rejects when the microphone
 * cannot be used (the caller says so in its own words); `stop` resolves with the file, or with
 * `too-short` for a recording under MIN_AUDIO_BYTES (discarded), or null when nothing was being
 * recorded; `cancel` drops the recording. Returns states and codes only, never text.
 */
export function useAudioRecorder(options: AudioRecorderOptions = {}) {
  const { fallbackTypes = AUDIO_FALLBACK_TYPES, timesliceMs, bareFileType = false } = options;
  const [state, setState] = useState<AudioRecorderState>('idle');
  const [format, setFormat] = useState<AudioRecordingFormat | null>(null);
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
      const chosen = recordingType((type) => MediaRecorder.isTypeSupported(type), fallbackTypes);
      const recorder = new MediaRecorder(stream, { ...(chosen.mimeType ? { mimeType: chosen.mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      current.current = { recorder, stream, chunks };
      recorder.start(timesliceMs);
      setFormat({ mimeType: recorder.mimeType || chosen.mimeType || 'audio/webm', isMp3: chosen.isMp3 });
      setState('recording');
    } catch (err) {
      release();
      throw err;
    }
  }, [release, fallbackTypes, timesliceMs]);

  const stop = useCallback(async (): Promise<AudioRecordingResult | null> => {
    const recording = current.current;
    if (!recording) return null;
    const { recorder, chunks } = recording;
    await new Promise<void>((resolve) => {
      recorder.addEventListener('stop', () => resolve(), { once: true });
      recorder.stop();
    });
    release();
    const type = recorder.mimeType || chunks[0]?.type || 'audio/webm';
    const file = new File(chunks, audioFileName(type, new Date()), { type: bareFileType ? type.split(';')[0] : type });
    if (isTooShortAudio(file.size)) return { status: 'too-short', bytes: file.size };
    return { status: 'recorded', file };
  }, [release, bareFileType]);

  const cancel = useCallback(() => {
    const recording = current.current;
    if (recording && recording.recorder.state !== 'inactive') recording.recorder.stop();
    release();
  }, [release]);

  return { state, format, start, stop, cancel };
}
