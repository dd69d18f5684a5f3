import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Video } from '../../../types/api';

export type CommunityVideoParams = { genre: string; mood: string; sort: string; q?: string; status?: string; limit?: number };

/** GET /api/videos/community/{genre}/{mood}/{sort}?q=&status=&limit=. */
export const getCommunityVideos = ({ genre, mood, sort, q, status, limit }: CommunityVideoParams) =>
  api.get<Video[]>(
    `/api/videos/community/${encodeURIComponent(genre)}/${encodeURIComponent(mood)}/${encodeURIComponent(sort)}`,
    { q, status, limit },
  );

export const getCommunityVideosQueryOptions = (params: CommunityVideoParams) =>
  queryOptions({ queryKey: ['videos', 'list', params], queryFn: () => getCommunityVideos(params) });

export const useCommunityVideos = (params: CommunityVideoParams, enabled = true) =>
  useQuery({ ...getCommunityVideosQueryOptions(params), enabled });
