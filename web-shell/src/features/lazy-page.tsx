import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '@guiche/web-sdk';

/**
 * A route's page as its own chunk (issue #28): fetched the first time the route renders, with the
 * loading state meanwhile, which also covers the page's strings (useTranslation suspends until its
 * namespace's active language has arrived).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}
