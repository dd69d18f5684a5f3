import { useInfiniteQuery } from '@tanstack/react-query';
import { feedPaging, getFeedPage } from '../../../lib/feed';
import { userKeys } from '../../../lib/query-keys';
import type { Story } from '../../../types/api';

/** GET /api/feed/following: newest public stories of the authors you follow, by cursor. */
export const useFollowingPages = (limit: number, enabled = true) =>
  useInfiniteQuery({
    queryKey: userKeys.following({ limit }),
    queryFn: ({ pageParam, signal }) => getFeedPage<Story>('/api/feed/following', { limit }, pageParam, signal),
    ...feedPaging<Story>(),
    enabled,
  });
