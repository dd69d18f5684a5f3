import type { ReactNode } from 'react';
import { ListSkeleton } from '../../../components/page-skeletons';
import type { ContentType } from '../../../types/api';
import { useUserContent } from '../api/content-queries';
import type { ContentOf } from '../api/content-api';

/** A profile list of the user's own stories or videos: three skeleton rows, the failure text, the empty state, then the rows. */
export function OwnedList<T extends ContentType>({
  type,
  userId,
  empty,
  renderItem,
}: {
  type: T;
  userId: string | number;
  empty: ReactNode;
  renderItem: (item: ContentOf<T>) => ReactNode;
}) {
  const query = useUserContent(type, userId);
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError) return <p className="muted">Failed to fetch user {type === 'story' ? 'stories' : 'videos'}</p>;
  if (!query.data?.length) return <>{empty}</>;
  return <ul className="item-list">{query.data.map(renderItem)}</ul>;
}
