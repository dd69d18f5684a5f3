import { apiFetchWithHeaders, type QueryParams } from './api-client';

/** One page of a list endpoint and the cursor of the next one (null on the last page). */
export type FeedPage<T> = { items: T[]; nextCursor: string | null };

/** GET a list endpoint with `?cursor=`; the next page's cursor comes in the X-Next-Cursor header. */
export async function getFeedPage<T>(path: string, params: QueryParams, cursor: string | null, signal?: AbortSignal): Promise<FeedPage<T>> {
  const { data, headers } = await apiFetchWithHeaders<T[]>(path, { params: { ...params, cursor }, signal });
  return { items: data ?? [], nextCursor: headers.get('X-Next-Cursor') };
}

/** The infinite-query options shared by the feeds: start without a cursor, follow X-Next-Cursor. */
export const feedPaging = <T,>() => ({
  initialPageParam: null as string | null,
  getNextPageParam: (last: FeedPage<T>) => last.nextCursor ?? undefined,
});
