import { describe, expect, it } from 'vitest';
import { extensionOf, safeFileName, WEBCHAT_ALLOWED_MIME_TYPES } from '../src/media.js';

describe('webchat upload types (mime-types)', () => {
  it('stores each allowed type under the extension of the old table and refuses the rest', () => {
    const old: Record<string, string> = {
      'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp',
      'audio/mpeg': 'mp3', 'audio/ogg': 'ogg', 'audio/wav': 'wav', 'audio/webm': 'weba', 'audio/mp4': 'm4a',
      'video/mp4': 'mp4', 'video/webm': 'webm', 'application/pdf': 'pdf', 'text/plain': 'txt', 'application/zip': 'zip',
      'application/msword': 'doc', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
      'application/vnd.ms-excel': 'xls', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    };
    expect([...WEBCHAT_ALLOWED_MIME_TYPES].sort()).toEqual(Object.keys(old).sort());
    for (const [type, ext] of Object.entries(old)) expect(extensionOf(`${type.toUpperCase()}; charset=x`)).toBe(ext);
    for (const type of ['text/html', 'image/svg+xml', 'application/javascript', 'video/quicktime']) expect(extensionOf(type)).toBeNull();
    expect(safeFileName('Report 2024.PDF', 'application/pdf')).toBe('Report 2024.pdf');
    expect(safeFileName('x.html', 'text/html')).toMatch(/\.bin$/);
  });
});
