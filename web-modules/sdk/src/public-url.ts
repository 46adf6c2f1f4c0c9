/** The browser URL of a stored file: the API gives storage paths (company1/users/x.png) served at /public/. */
export function publicUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|blob:|data:)/.test(path) || path.startsWith('/public/')) return path;
  const clean = path.replace(/^\/+/, '').replace(/^public\//, '');
  return `/public/${clean.split('/').map(encodeURIComponent).join('/')}`;
}
