/** Media files are served by the server under /public/<mediaPath>. */
export function mediaUrl(mediaPath: string): string {
  const clean = mediaPath.replace(/^\/+/, '').replace(/^public\//, '');
  return `/public/${clean.split('/').map(encodeURIComponent).join('/')}`;
}
