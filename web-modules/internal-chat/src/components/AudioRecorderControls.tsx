import { Button, Intent } from '@blueprintjs/core';
import { useAudioRecorder, useTranslation, type AudioRecorderOptions } from '@guiche/web-sdk';
import { NS } from '../i18n/register';
import { reportChatError } from '../lib/report-error';

interface Props {
  disabled: boolean;
  onRecorded(file: File): void;
  onNotice(message: string): void;
}

/** The chat's recorder: mp3 when the browser can, else the browser's own default format, one chunk at stop. */
const RECORDER_OPTIONS: AudioRecorderOptions = { fallbackTypes: [] };

/** Microphone button; while recording, stop-and-send and cancel. Short recordings are dropped. */
export function AudioRecorderControls({ disabled, onRecorded, onNotice }: Props) {
  const { t } = useTranslation(NS);
  const recorder = useAudioRecorder(RECORDER_OPTIONS);

  const start = async () => {
    try {
      await recorder.start();
    } catch (err) {
      reportChatError('start recording', err);
      onNotice(t('input.micUnavailable'));
    }
  };

  const stop = async () => {
    const result = await recorder.stop();
    if (!result) return;
    if (result.status === 'too-short') {
      onNotice(t('input.audioTooShort'));
      return;
    }
    onRecorded(result.file);
  };

  if (recorder.state === 'recording') {
    return (
      <>
        <span className="ic-composer__recording" role="status">
          {t('input.recording')}
        </span>
        <Button icon="cross" variant="minimal" aria-label={t('input.cancelRecording')} title={t('input.cancelRecording')} onClick={recorder.cancel} />
        <Button icon="stop" intent={Intent.DANGER} aria-label={t('input.stopRecording')} title={t('input.stopRecording')} onClick={() => void stop()} />
      </>
    );
  }
  return (
    <Button
      icon="microphone"
      variant="minimal"
      aria-label={t('input.record')}
      title={t('input.record')}
      disabled={disabled || recorder.state === 'starting'}
      onClick={() => void start()}
    />
  );
}
