/** GET /api/web-modules: the remotes a company's plan enables; the shell registers only these. */
export interface WebModuleDescriptor {
  id: string;
  planFlag: string | null;
  /** URL of the remote's mf-manifest.json, relative to the site root. */
  entry: string;
}
