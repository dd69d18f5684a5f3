import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { feedPaging, getFeedPage } from '../../../lib/feed';
import type { Video } from '../../../types/api';

export type CommunityVideoParams = { genre: string; mood: string; sort: string; q?: string; status?: string; limit?: number };

const communityPath = ({ genre, mood, sort }: CommunityVideoParams) =>
  `/api/videos/community/${encodeURIComponent(genre)}/${encodeURIComponent(mood)}/${encodeURIComponent(sort)}`;

/** GET /api/videos/community/{genre}/{mood}/{sort}?q=&status=&limit=&cursor=, page by page
 * (explore's infinite scroll), following the API's cursor. */
export const getCommunityVideosPagesQueryOptions = (params: CommunityVideoParams) =>
  infiniteQueryOptions({
    queryKey: ['videos', 'list', 'pages', params],
    queryFn: ({ pageParam, signal }) =>
      getFeedPage<Video>(communityPath(params), { q: params.q, limit: params.limit, status: params.status }, pageParam, signal),
    ...feedPaging<Video>(),
  });

export const useCommunityVideosPages = (params: CommunityVideoParams, enabled = true) =>
  useInfiniteQuery({ ...getCommunityVideosPagesQueryOptions(params), enabled });
