/** GET /api/web-modules: the remotes a company's plan enables; the shell registers only these. */
export interface WebModuleDescriptor {
  id: string;
  planFlag: string | null;
  /** URL of the remote's mf-manifest.json, relative to the site root. */
  entry: string;
  /** Module-federation container name of the remote: guiche_<id with _ for ->. */
  remoteName: string;
}

export function remoteNameOf(id: string): string {
  return `guiche_${id.replace(/-/g, '_')}`;
}
