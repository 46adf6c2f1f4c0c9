import { create } from 'qrcode';

/**
 * The QR matrix of a text, from the `qrcode` package: byte mode (UTF-8), the smallest version
 * that holds it, the mask with the lowest penalty. It renders the pairing string WhatsApp hands
 * Baileys (about 240 bytes); the canvas drawing stays ours (QrCanvas).
 */

export type QrEcc = 'L' | 'M';

export interface QrCode {
  version: number;
  size: number;
  mask: number;
  /** modules[y][x]: true is dark. */
  modules: boolean[][];
}

/** Encodes text in one byte-mode segment; throws RangeError when no version holds it. */
export function encodeQr(text: string, ecc: QrEcc = 'M'): QrCode {
  let code: ReturnType<typeof create>;
  try {
    // One byte segment, as WhatsApp's own QR: the library's mixed-mode optimisation would
    // change the matrix without making the pairing string any shorter to scan.
    code = create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: ecc });
  } catch (err) {
    throw new RangeError(err instanceof Error ? err.message : 'QR data too long');
  }
  const { size } = code.modules;
  const modules = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => code.modules.get(y, x) === 1));
  return { version: code.version, size, mask: code.maskPattern ?? 0, modules };
}
