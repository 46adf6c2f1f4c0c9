import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog as its own chunk (issue #28): nothing is fetched or drawn until the dialog first opens,
 * then it stays mounted (so it closes with its transition and opens again at once). The page's first
 * download carries none of its form code (Formik, zod, selects).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(() => load().then((Component) => ({ default: Component })));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    // Adjusting state while rendering (React's pattern for state derived from props): no extra pass.
    if (open && !opened) setOpened(true);
    if (!open && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
