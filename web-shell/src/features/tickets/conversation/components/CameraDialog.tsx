import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { Dialog, toastError, useTranslation } from '@guiche/web-sdk';
import { captureJpeg, useCamera } from '../hooks/useCamera.js';
import { cameraFileName } from '../lib/camera.js';
import { NS } from '../i18n/register.js';
import type { Attachment } from '../api.js';

interface Props {
  isOpen: boolean;
  sending: boolean;
  onSend(item: Attachment): void;
  onClose(): void;
}

interface Still {
  file: File;
  url: string;
}

/** Camera capture: live preview, a still (JPEG), then retake, or send it as an image with a caption. */
export function CameraDialog({ isOpen, sending, onSend, onClose }: Props) {
  const { t } = useTranslation(NS);
  const camera = useCamera(isOpen);
  const [ready, setReady] = useState(false);
  const [still, setStill] = useState<Still | null>(null);
  const [caption, setCaption] = useState('');
  const [capturing, setCapturing] = useState(false);
  const video = useRef<HTMLVideoElement | null>(null);
  const captureButton = useRef<HTMLButtonElement>(null);
  const stream = camera.state.status === 'live' ? camera.state.stream : null;

  // The preview element gets the stream whenever either changes.
  const attachVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      if (element && element.srcObject !== stream) element.srcObject = stream;
    },
    [stream],
  );

  useEffect(() => {
    if (isOpen) return;
    setStill(null);
    setCaption('');
    setReady(false);
  }, [isOpen]);
  useEffect(() => () => void (still && URL.revokeObjectURL(still.url)), [still]);
  useEffect(() => {
    if (!stream) setReady(false);
  }, [stream]);
  // Keyboard users land on the shutter as soon as there is a picture to take.
  useEffect(() => {
    if (ready && !still) captureButton.current?.focus();
  }, [ready, still]);

  const capture = async () => {
    if (!video.current || capturing) return;
    setCapturing(true);
    try {
      const blob = await captureJpeg(video.current);
      const file = new File([blob], cameraFileName(new Date()), { type: 'image/jpeg' });
      setStill({ file, url: URL.createObjectURL(file) });
    } catch {
      toastError(t('camera.captureFailed'));
    } finally {
      setCapturing(false);
    }
  };

  const send = () => {
    if (still && !sending) onSend({ file: still.file, caption: caption.trim() });
  };

  const close = () => {
    if (!sending) onClose();
  };

  const { state } = camera;
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('camera.title')} icon="camera" className="cv-camera-dialog">
      <DialogBody>
        <div className="cv-camera" data-testid="camera" data-state={still ? 'captured' : state.status}>
          {state.status === 'starting' && <Spinner size={32} aria-label={t('camera.starting')} />}
          {state.status === 'error' && (
            <Callout intent={Intent.WARNING} icon="camera" title={t('camera.unavailable')} role="alert" data-testid="camera-problem">
              <p>{t(`camera.problem.${state.problem}`)}</p>
              {state.problem !== 'unsupported' && <Button icon="refresh" text={t('camera.retry')} onClick={camera.retry} />}
            </Callout>
          )}
          {stream && (
            <video
              ref={attachVideo}
              className="cv-camera__video"
              hidden={Boolean(still)}
              autoPlay
              playsInline
              muted
              aria-label={t('camera.preview')}
              onLoadedData={() => setReady(true)}
              data-testid="camera-video"
            />
          )}
          {still && <img className="cv-camera__still" src={still.url} alt={t('camera.still')} data-testid="camera-still" />}
        </div>
        {still && (
          <InputGroup
            className="cv-camera__caption"
            aria-label={t('camera.caption')}
            placeholder={t('attach.captionPlaceholder')}
            value={caption}
            autoFocus
            disabled={sending}
            onChange={(e) => setCaption(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                send();
              }
            }}
            data-testid="camera-caption"
          />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          still ? (
            <>
              <Button icon="reset" text={t('camera.retake')} disabled={sending} onClick={() => setStill(null)} data-testid="camera-retake" />
              <Button intent={Intent.PRIMARY} icon="send-message" text={t('actions.send')} loading={sending} onClick={send} data-testid="camera-send" />
            </>
          ) : (
            <>
              <Button text={t('actions.cancel')} onClick={close} />
              <Button ref={captureButton} intent={Intent.PRIMARY} icon="camera" text={t('camera.capture')} disabled={!stream || !ready} loading={capturing} onClick={() => void capture()} data-testid="camera-capture" />
            </>
          )
        }
      />
    </Dialog>
  );
}
