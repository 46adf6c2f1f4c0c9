import { describe, expect, it } from 'vitest';
import { extensionOf } from '../src/media-types.js';

describe('Meta media extensions (mime-types)', () => {
  it('keeps the extensions of the old table and .bin for any other type', () => {
    const old: Record<string, string> = {
      'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif',
      'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/aac': 'aac', 'audio/mp4': 'm4a', 'audio/amr': 'amr',
      'video/mp4': 'mp4', 'video/3gpp': '3gp', 'application/pdf': 'pdf', 'text/plain': 'txt',
    };
    for (const [type, ext] of Object.entries(old)) expect(extensionOf(`${type}; codecs=x`)).toBe(ext);
    for (const type of ['text/html', 'image/svg+xml', 'application/zip', 'nonsense']) expect(extensionOf(type)).toBe('bin');
  });
});
