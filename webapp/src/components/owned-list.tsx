import type { ReactNode } from 'react';
import { Skeleton } from './ui/skeleton';

/** A profile list of the user's own items: three skeleton rows, the failure text, the empty state, then the rows. */
export function OwnedList<T extends { id: number }>({
  query,
  errorText,
  empty,
  renderItem,
}: {
  query: { isLoading: boolean; isError: boolean; data?: T[] };
  errorText: string;
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
}) {
  if (query.isLoading)
    return (
      <div className="stack">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="skeleton-row" />
        ))}
      </div>
    );
  if (query.isError) return <p className="muted">{errorText}</p>;
  if (!query.data?.length) return <>{empty}</>;
  return <ul className="item-list">{query.data.map(renderItem)}</ul>;
}
