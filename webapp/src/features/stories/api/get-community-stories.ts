import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedPaging, getFeedPage } from '../../../lib/feed';
import type { Story } from '../../../types/api';

export type CommunityParams = { genre: string; mood: string; sort: string; q?: string; limit?: number };

const communityPath = ({ genre, mood, sort }: CommunityParams) =>
  `/api/stories/community/${encodeURIComponent(genre)}/${encodeURIComponent(mood)}/${encodeURIComponent(sort)}`;

/** GET /api/stories/community/{genre}/{mood}/{sort}?q=&limit=. */
export const getCommunityStories = ({ genre, mood, sort, q, limit }: CommunityParams) =>
  api.get<Story[]>(
    communityPath({ genre, mood, sort }),
    { q, limit },
  );

export const getCommunityStoriesQueryOptions = (params: CommunityParams) =>
  queryOptions({ queryKey: ['stories', 'list', params], queryFn: () => getCommunityStories(params) });

export const useCommunityStories = (params: CommunityParams, enabled = true) =>
  useQuery({ ...getCommunityStoriesQueryOptions(params), enabled });

/** The community feed page by page (explore's infinite scroll), following the API's cursor. */
export const getCommunityStoriesPagesQueryOptions = (params: CommunityParams) =>
  infiniteQueryOptions({
    queryKey: ['stories', 'list', 'pages', params],
    queryFn: ({ pageParam, signal }) =>
      getFeedPage<Story>(communityPath(params), { q: params.q, limit: params.limit }, pageParam, signal),
    ...feedPaging<Story>(),
  });

export const useCommunityStoriesPages = (params: CommunityParams, enabled = true) =>
  useInfiniteQuery({ ...getCommunityStoriesPagesQueryOptions(params), enabled });
