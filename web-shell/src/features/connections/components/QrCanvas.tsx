import { useEffect, useMemo, useRef } from 'react';
import { encodeQr } from '../lib/qr.js';

interface Props {
  value: string;
  /** CSS pixels of the whole code, quiet zone included. */
  size?: number;
  label: string;
}

const QUIET_ZONE = 4;

/** The QR code of `value` drawn on a canvas (dark modules on white, 4-module quiet zone). */
export function QrCanvas({ value, size = 264, label }: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  const code = useMemo(() => encodeQr(value, 'M'), [value]);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const modules = code.size + QUIET_ZONE * 2;
    const scale = Math.max(1, Math.floor((size * ratio) / modules));
    canvas.width = canvas.height = modules * scale;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = '#000000';
    code.modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) ctx.fillRect((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale, scale, scale);
      }),
    );
  }, [code, size]);
  return <canvas ref={ref} role="img" aria-label={label} data-testid="qr-canvas" data-qr={value} style={{ width: size, height: size, imageRendering: 'pixelated' }} />;
}
