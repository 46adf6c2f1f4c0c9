import { describe, expect, it } from 'vitest';
import { contentTypeOfExtension, extensionOfMimeType, extensionOfName, mimeTypeOfName } from '../src/files/mime.js';
import { publicFileType } from '../src/http/public-file-types.js';
import { mimetypeOfName } from '../src/messaging/messages-media.js';

// The hand-written tables these answers came from before mime-types, kept as the expectation.
const PUBLIC_INLINE: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', avif: 'image/avif',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', wav: 'audio/wav', m4a: 'audio/mp4', aac: 'audio/aac',
  amr: 'audio/amr', weba: 'audio/webm', mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', ogv: 'video/ogg',
  mov: 'video/quicktime', '3gp': 'video/3gpp', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8',
};
const PUBLIC_DOWNLOAD: Record<string, string> = {
  csv: 'text/csv; charset=utf-8', vcf: 'text/vcard; charset=utf-8', doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet', zip: 'application/zip', rar: 'application/vnd.rar', '7z': 'application/x-7z-compressed',
};
const MESSAGE_MEDIA: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp4: 'video/mp4', '3gp': 'video/3gpp', mov: 'video/quicktime', webm: 'video/webm',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', opus: 'audio/ogg', m4a: 'audio/mp4', wav: 'audio/wav', aac: 'audio/aac',
  pdf: 'application/pdf', zip: 'application/zip', doc: 'application/msword', xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', txt: 'text/plain', csv: 'text/csv', vcf: 'text/vcard',
};

describe('extension ↔ MIME type (mime-types)', () => {
  it('serves /public/ files with the types and dispositions of the old tables', () => {
    for (const [ext, type] of Object.entries(PUBLIC_INLINE)) expect(publicFileType(`1/messages/a.${ext.toUpperCase()}`)).toEqual({ contentType: type, inline: true });
    for (const [ext, type] of Object.entries(PUBLIC_DOWNLOAD)) expect(publicFileType(`1/messages/a.${ext}`)).toEqual({ contentType: type, inline: false });
    // Known to mime-db, but active or unlisted: still an octet-stream download.
    for (const key of ['1/a.html', '1/a.svg', '1/a.js', '1/a.xml', '1/a.heic', '1/.png', '1/noext', '1.png/noext'])
      expect(publicFileType(key)).toEqual({ contentType: 'application/octet-stream', inline: false });
  });

  it('types an upload without a type as before, octet-stream beyond the old list', () => {
    for (const [ext, type] of Object.entries(MESSAGE_MEDIA)) expect(mimetypeOfName(`Report 2024.${ext}`)).toBe(type);
    for (const name of ['page.html', 'photo.heic', 'movie.mkv', 'noext', '.jpg', 'a.']) expect(mimetypeOfName(name)).toBe('application/octet-stream');
  });

  it('answers names, extensions and types', () => {
    expect(extensionOfName('dir.v2/Report.PDF')).toBe('pdf');
    expect(extensionOfName('C:\\x\\.bashrc')).toBe('');
    expect(mimeTypeOfName('x.unknown-ext')).toBeNull();
    expect(contentTypeOfExtension('.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOfExtension('')).toBeNull();
    expect(extensionOfMimeType('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionOfMimeType('AUDIO/MPEG')).toBe('mp3');
    expect(extensionOfMimeType('audio/aac')).toBe('aac');
    expect(extensionOfMimeType('image/jpeg')).toBe('jpg');
    expect(extensionOfMimeType('application/x-nothing')).toBeNull();
  });
});
