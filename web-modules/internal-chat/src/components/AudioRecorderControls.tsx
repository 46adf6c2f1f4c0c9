import { Button, Intent } from '@blueprintjs/core';
import { MIN_AUDIO_BYTES } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { useAudioRecorder } from '../hooks/useAudioRecorder';
import { NS } from '../i18n/register';
import { reportChatError } from '../lib/report-error';

interface Props {
  disabled: boolean;
  onRecorded(file: File): void;
  onNotice(message: string): void;
}

/** Microphone button; while recording, stop-and-send and cancel. Short recordings are dropped. */
export function AudioRecorderControls({ disabled, onRecorded, onNotice }: Props) {
  const { t } = useTranslation(NS);
  const recorder = useAudioRecorder();

  const start = async () => {
    try {
      await recorder.start();
    } catch (err) {
      reportChatError('start recording', err);
      onNotice(t('input.micUnavailable'));
    }
  };

  const stop = async () => {
    const file = await recorder.stop();
    if (!file) return;
    if (file.size < MIN_AUDIO_BYTES) {
      onNotice(t('input.audioTooShort'));
      return;
    }
    onRecorded(file);
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
