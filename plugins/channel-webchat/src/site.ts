import type { Knex } from 'knex';
import { AppError } from '@guiche/core';
import type { WebchatSite, WebchatSiteLook } from '@guiche/contracts';

const DEFAULT_SITE: WebchatSite = { title: null, color: null, position: 'right', lang: null, allowedOrigins: [] };

/** The site settings of a webchat connection (defaults when never saved). */
export async function loadSite(db: Knex, connectionId: number): Promise<WebchatSite> {
  const row = await db('webchatSites').where({ connectionId }).first('title', 'color', 'position', 'lang', 'allowedOrigins');
  if (!row) return { ...DEFAULT_SITE };
  return { title: row.title, color: row.color, position: row.position, lang: row.lang, allowedOrigins: row.allowedOrigins ?? [] };
}

export async function saveSite(db: Knex, companyId: number, connectionId: number, site: WebchatSite): Promise<WebchatSite> {
  const row = { ...site, allowedOrigins: JSON.stringify(site.allowedOrigins), companyId, connectionId, updatedAt: db.fn.now() };
  await db('webchatSites').insert(row).onConflict('connectionId').merge();
  return loadSite(db, connectionId);
}

export function lookOf(site: WebchatSite): WebchatSiteLook {
  return { title: site.title, color: site.color, position: site.position, lang: site.lang };
}

/**
 * Whether a visitor's page may use the widget: any page when no origins are listed; otherwise the
 * browser's Origin must be one of them. Guichê's own origin (its preview page) is always allowed.
 * A request without an Origin (not a browser page) is refused once a list exists.
 */
export function originAllowed(allowedOrigins: readonly string[], origin: string | undefined, ownHost: string | undefined): boolean {
  if (allowedOrigins.length === 0) return true;
  if (!origin) return false;
  const normalized = origin.toLowerCase().replace(/\/+$/, '');
  if (allowedOrigins.includes(normalized)) return true;
  try {
    return ownHost !== undefined && new URL(normalized).host === ownHost.toLowerCase();
  } catch {
    return false;
  }
}

/** 403 ERR_ORIGIN_NOT_ALLOWED for a page the connection's site list does not name. */
export function assertOriginAllowed(connection: { allowedOrigins: readonly string[] }, origin: string | undefined, host: string | undefined): void {
  if (!originAllowed(connection.allowedOrigins, origin, host)) throw new AppError('ERR_ORIGIN_NOT_ALLOWED', 403);
}
