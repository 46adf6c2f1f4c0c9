import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { defineWebModule, LoadingState } from '@guiche/web-sdk';
import './i18n/register';

const FlowsPage = lazy(() => import('./pages/FlowsPage'));
const FlowEditorPage = lazy(() => import('./pages/FlowEditorPage'));

function suspended(Page: LazyExoticComponent<ComponentType>) {
  return function Route() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

/** The visual flow builder (issue 34); the shell's menu lists /flowbuilder. */
export default defineWebModule({
  id: 'flow-builder',
  planFlag: 'useFlowBuilder',
  routes: [
    { path: '/flowbuilder', Component: suspended(FlowsPage) },
    { path: '/flowbuilder/:flowId', Component: suspended(FlowEditorPage) },
  ],
  menu: [{ to: '/flowbuilder', labelKey: 'flowBuilder:menu', icon: 'flow-linear', section: 'admin' }],
});
