/** A URL's origin (scheme://host[:port]), lower case; null when it is not one. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** A comma-separated setting as a list (blank entries dropped). */
export function listSetting(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The app's own origins: PUBLIC_URL's and CORS_ORIGINS' (e.g. a dev server on another port). */
export function appOrigins(config: { PUBLIC_URL?: string; CORS_ORIGINS?: string }): Set<string> {
  const origins = [config.PUBLIC_URL, ...listSetting(config.CORS_ORIGINS)].map((value) => (value ? originOf(value) : null));
  return new Set(origins.filter((origin): origin is string => origin !== null));
}

/**
 * Whether a browser Origin is the app itself: one of the configured origins, or the very host the
 * request was sent to (same origin; a page on another port of that host is another origin).
 */
export function isAppOrigin(origins: ReadonlySet<string>, origin: string, host: string | undefined): boolean {
  const normalized = originOf(origin);
  if (!normalized) return false;
  if (origins.has(normalized)) return true;
  return host !== undefined && new URL(normalized).host === host.toLowerCase();
}
