import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Story } from '../../../types/api';

/** GET /api/stories/{id} (counts a view). */
export const getStory = (id: number) => api.get<Story>(`/api/stories/${id}`);

/** GET /api/stories/{id}/community: fresh counts and isLikedByUser, no view counted. */
export const getStoryCommunity = (id: number) => api.get<Story>(`/api/stories/${id}/community`);

export const getStoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['stories', 'detail', id], queryFn: () => getStory(id) });

export const getStoryCommunityQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['stories', 'detail', id, 'community'], queryFn: () => getStoryCommunity(id) });

export const useStory = (id: number, enabled = true) => useQuery({ ...getStoryQueryOptions(id), enabled: enabled && Number.isFinite(id) });

export const useStoryCommunity = (id: number, enabled = true) =>
  useQuery({ ...getStoryCommunityQueryOptions(id), enabled: enabled && Number.isFinite(id) });
