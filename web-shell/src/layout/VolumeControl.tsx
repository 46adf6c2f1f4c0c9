import { Button, Slider } from '@blueprintjs/core';
import { useState } from 'react';
import { MenuPopover, StorageKeys, useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

export function readVolume(): number {
  const v = Number(localStorage.getItem(StorageKeys.volume) ?? '1');
  return Number.isFinite(v) && v >= 0 && v <= 1 ? v : 1;
}

/** Notification volume, 0 to 1 in steps of 0.1, remembered on this device. */
export function VolumeControl() {
  const { t } = useTranslation(SHELL_NS);
  const [volume, setVolume] = useState(readVolume);
  const change = (v: number) => {
    const rounded = Math.round(v * 10) / 10;
    setVolume(rounded);
    localStorage.setItem(StorageKeys.volume, String(rounded));
  };
  return (
    <MenuPopover
      placement="bottom"
      content={
        <div className="volume-popover" aria-label={t('topBar.volume')}>
          <Slider min={0} max={1} stepSize={0.1} labelStepSize={0.5} value={volume} onChange={change} />
        </div>
      }
    >
      <Button minimal icon={volume === 0 ? 'volume-off' : volume < 0.5 ? 'volume-down' : 'volume-up'} aria-label={t('topBar.volume')} title={t('topBar.volume')} />
    </MenuPopover>
  );
}
