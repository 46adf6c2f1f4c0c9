/**
 * What /public/ may show inside the browser: images, audio, video, PDF and plain text, the types a
 * conversation previews. Everything else (HTML, SVG, XML, scripts, office files, archives, unknown)
 * is sent as a download (Content-Disposition: attachment), and active formats as
 * application/octet-stream, so an uploaded file can never run as a page of this origin (issue 26).
 */
const INLINE: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

/** Passive documents keep their type for the download; anything not listed is octet-stream. */
const DOWNLOAD: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  vcf: 'text/vcard; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

export interface PublicFileType {
  contentType: string;
  inline: boolean;
}

export function publicFileType(key: string): PublicFileType {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const inline = INLINE[extension];
  if (inline) return { contentType: inline, inline: true };
  return { contentType: DOWNLOAD[extension] ?? 'application/octet-stream', inline: false };
}
