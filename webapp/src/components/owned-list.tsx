import type { ReactNode } from 'react';
import { ListSkeleton } from './page-skeletons';

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
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError) return <p className="muted">{errorText}</p>;
  if (!query.data?.length) return <>{empty}</>;
  return <ul className="item-list">{query.data.map(renderItem)}</ul>;
}
