/** The one place the Graph API version and base URL are decided (every Meta call goes through graphUrl). */
export const GRAPH_API_VERSION = 'v21.0';

/** Meta's Graph host, or another (a fake one in tests) through META_GRAPH_URL. */
export function graphBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return (env.META_GRAPH_URL ?? 'https://graph.facebook.com').replace(/\/+$/, '');
}

export function graphUrl(path: string, base = graphBaseUrl()): string {
  return `${base}/${GRAPH_API_VERSION}/${path.replace(/^\/+/, '')}`;
}

/** Timeout of every Graph call (ms). */
export const GRAPH_TIMEOUT_MS = 20_000;
/** Largest media download accepted (Meta's own largest: documents of 100 MB). */
export const MAX_DOWNLOAD_BYTES = 100 * 1024 * 1024;
