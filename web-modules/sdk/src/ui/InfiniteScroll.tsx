import { Spinner } from '@blueprintjs/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { nearBottom } from '../lib/paged-cache.js';
import './list.css';

interface Props {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  loadingLabel: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/**
 * A scrolling box that asks for the next page when scrolled within 100 px of its bottom
 * (inbox.md §9), and also while the loaded rows do not yet fill it.
 */
export function InfiniteScroll({ hasMore, loadingMore, loadMore, loadingLabel, className, children, testId }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const check = () => {
    const el = ref.current;
    if (el && hasMore && !loadingMore && nearBottom(el)) loadMore();
  };
  // A first page shorter than the box leaves nothing to scroll: keep loading until it fills.
  useEffect(check);

  return (
    <div ref={ref} className={className ?? 'cx-scroll'} onScroll={check} data-testid={testId}>
      {children}
      {loadingMore && (
        <div className="cx-scroll__more" role="status">
          <Spinner size={20} aria-label={loadingLabel} />
        </div>
      )}
    </div>
  );
}
