import type { ShellFeature } from '../feature.js';
import { lazyPage } from '../lazy-page.js';

const TagsPage = lazyPage(() => import('./pages/TagsPage.js'));

/** /tags: the company's tags (outreach-config.md §2, §5, §7). */
export const tagsFeature: ShellFeature = {
  id: 'tags',
  menuPaths: ['/tags'],
  routes: [{ path: '/tags', Component: TagsPage }],
};
