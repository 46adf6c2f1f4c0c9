import { useEffect, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from '@guiche/web-sdk';
import { AUDIO_SPEED_KEY, nextAudioSpeed, readAudioSpeed } from '../lib/audio.js';
import { NS } from '../i18n/register.js';

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** An audio message with the playback speed button (0.5, 1, 1.5, 2; the choice is remembered). */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation(NS);
  const audio = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState(() => readAudioSpeed(storage()));

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  // Another player on the page changed the remembered speed.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUDIO_SPEED_KEY) setSpeed(readAudioSpeed(storage()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const change = () => {
    const next = nextAudioSpeed(speed);
    storage()?.setItem(AUDIO_SPEED_KEY, String(next));
    setSpeed(next);
  };

  return (
    <div className="cv-audio">
      <audio ref={audio} controls preload="metadata" src={src} onLoadedMetadata={(e) => (e.currentTarget.playbackRate = speed)} />
      <Button size="small" variant="outlined" className="cv-audio__speed" onClick={change} aria-label={t('media.speed', { speed })} title={t('media.speed', { speed })} data-testid="audio-speed">
        {`${speed}x`}
      </Button>
    </div>
  );
}
