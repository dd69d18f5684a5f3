import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Story } from '../../../types/api';

export type CommunityParams = { genre: string; mood: string; sort: string; q?: string; limit?: number };

/** GET /api/stories/community/{genre}/{mood}/{sort}?q=&limit=. */
export const getCommunityStories = ({ genre, mood, sort, q, limit }: CommunityParams) =>
  api.get<Story[]>(
    `/api/stories/community/${encodeURIComponent(genre)}/${encodeURIComponent(mood)}/${encodeURIComponent(sort)}`,
    { q, limit },
  );

export const getCommunityStoriesQueryOptions = (params: CommunityParams) =>
  queryOptions({ queryKey: ['stories', 'list', params], queryFn: () => getCommunityStories(params) });

export const useCommunityStories = (params: CommunityParams, enabled = true) =>
  useQuery({ ...getCommunityStoriesQueryOptions(params), enabled });
