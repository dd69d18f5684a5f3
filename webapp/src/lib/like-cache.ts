import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ContentType } from '../types/api';
import { contentKeys } from './query-keys';

type Likeable = { id: number; isLikedByUser?: boolean; likesCount?: number };
type Snapshot = Array<[QueryKey, unknown]>;

function patch(item: Likeable, id: number, liked: boolean): Likeable {
  if (!item || item.id !== id) return item;
  const was = !!item.isLikedByUser;
  const delta = liked === was ? 0 : liked ? 1 : -1;
  return { ...item, isLikedByUser: liked, likesCount: Math.max(0, (item.likesCount ?? 0) + delta) };
}

type Paged = { pages: Array<{ items: Likeable[] }>; pageParams: unknown[] };

/** The cache of an infinite feed (lib/feed.ts): pages of items. */
const isPaged = (old: unknown): old is Paged => !!old && typeof old === 'object' && Array.isArray((old as Paged).pages);

/**
 * Optimistic like toggle for a story or video: patches every
 * cached list and the item's detail queries; returns a snapshot to roll back.
 */
export async function applyOptimisticLike(client: QueryClient, type: ContentType, id: number, liked: boolean): Promise<Snapshot> {
  const keys = contentKeys(type);
  const filters: Array<{ queryKey: QueryKey }> = [{ queryKey: keys.lists() }, { queryKey: keys.detail(id) }];
  await Promise.all(filters.map((f) => client.cancelQueries(f)));
  const snapshot: Snapshot = filters.flatMap((f) => client.getQueriesData(f));
  for (const f of filters) {
    client.setQueriesData(f, (old: unknown) => {
      if (Array.isArray(old)) return old.map((item) => patch(item as Likeable, id, liked));
      if (isPaged(old)) return { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map((item) => patch(item, id, liked)) })) };
      if (old && typeof old === 'object') return patch(old as Likeable, id, liked);
      return old;
    });
  }
  return snapshot;
}

export function rollback(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}
