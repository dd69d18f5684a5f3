import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Video } from '../../../types/api';

/** GET /api/videos/user/{userId}. */
export const getUserVideos = (userId: string | number) =>
  api.get<Video[]>(`/api/videos/user/${encodeURIComponent(String(userId))}`, { limit: 100 });

export const getUserVideosQueryOptions = (userId: string | number) =>
  queryOptions({ queryKey: ['videos', 'list', { userId }], queryFn: () => getUserVideos(userId) });

export const useUserVideos = (userId: string | number | undefined) =>
  useQuery({ ...getUserVideosQueryOptions(userId ?? ''), enabled: userId !== undefined && userId !== null && userId !== '' });
