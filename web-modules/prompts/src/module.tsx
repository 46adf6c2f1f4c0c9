import { lazy, Suspense } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';

const PromptsPage = lazy(() => import('./pages/PromptsPage'));

function PromptsRoute() {
  return (
    <Suspense fallback={<LoadingState />}>
      <PromptsPage />
    </Suspense>
  );
}

/** AI prompts (outreach-config.md, "Prompts"); the shell's menu lists /prompts. */
export default defineWebModule({
  id: 'prompts',
  planFlag: 'useOpenAi',
  routes: [{ path: '/prompts', Component: PromptsRoute }],
  menu: [{ to: '/prompts', labelKey: 'prompts:menu', icon: 'predictive-analysis', section: 'admin' }],
});
