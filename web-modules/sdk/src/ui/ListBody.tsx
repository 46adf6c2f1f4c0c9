import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './EmptyState.js';
import { ErrorCard } from './ErrorCard.js';
import { LoadingState } from './LoadingState.js';

export interface ListBodyProps {
  status: 'pending' | 'error' | 'success';
  /** Rows loaded so far: a failed later page leaves them on screen. */
  rows: number;
  loadingLabel: string;
  errorMessage: string;
  onRetry(): void;
  /** The empty state while nothing is filtered. */
  empty: EmptyStateProps;
  /** With a search or filter on, an empty list says nothing matched (search icon, these texts). */
  filtered?: boolean;
  filteredEmpty?: Omit<EmptyStateProps, 'icon'>;
  /** The rows (a table or a list). */
  children: ReactNode;
}

/** What a list page shows in its card: loading, the error with a retry, the empty state, or the rows. */
export function ListBody({ status, rows, loadingLabel, errorMessage, onRetry, empty, filtered, filteredEmpty, children }: ListBodyProps) {
  if (status === 'pending') return <LoadingState label={loadingLabel} />;
  if (status === 'error' && rows === 0) return <ErrorCard message={errorMessage} onRetry={onRetry} />;
  if (rows === 0) return filtered ? <EmptyState icon="search" {...filteredEmpty} /> : <EmptyState {...empty} />;
  return <>{children}</>;
}
