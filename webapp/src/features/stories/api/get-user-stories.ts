import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Story } from '../../../types/api';

/** GET /api/stories/user/{userId}. */
export const getUserStories = (userId: string | number) =>
  api.get<Story[]>(`/api/stories/user/${encodeURIComponent(String(userId))}`, { limit: 100 });

export const getUserStoriesQueryOptions = (userId: string | number) =>
  queryOptions({ queryKey: ['stories', 'list', { userId }], queryFn: () => getUserStories(userId) });

export const useUserStories = (userId: string | number | undefined) =>
  useQuery({ ...getUserStoriesQueryOptions(userId ?? ''), enabled: userId !== undefined && userId !== null && userId !== '' });
