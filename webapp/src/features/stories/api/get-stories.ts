import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storyKeys } from '../../../lib/query-keys';
import type { StoryCard } from '../../../types/api';

/** GET /api/stories?limit=N: newest public stories (landing). */
export const getStories = ({ limit }: { limit: number }) => api.get<StoryCard[]>('/api/stories', { limit });

export const getStoriesQueryOptions = (params: { limit: number }) =>
  queryOptions({ queryKey: storyKeys.list(params), queryFn: () => getStories(params) });

export const useStories = (params: { limit: number }) => useQuery(getStoriesQueryOptions(params));
