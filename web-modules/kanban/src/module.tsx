import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';
import './kanban.css';

const KanbanPage = lazy(() => import('./pages/KanbanPage'));
const TagsKanbanPage = lazy(() => import('./pages/TagsKanbanPage'));

function suspended(Page: LazyExoticComponent<ComponentType>) {
  return function Route() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

/** Kanban board and kanban tags (outreach-config.md, "Tags and kanban"); the shell's menu lists both paths. */
export default defineWebModule({
  id: 'kanban',
  planFlag: 'useKanban',
  routes: [
    { path: '/kanban', Component: suspended(KanbanPage) },
    { path: '/TagsKanban', Component: suspended(TagsKanbanPage) },
  ],
  menu: [
    { to: '/kanban', labelKey: 'kanban:menu', icon: 'column-layout' },
    { to: '/TagsKanban', labelKey: 'kanban:menuTags', icon: 'tag' },
  ],
});
