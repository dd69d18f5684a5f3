import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { VIDEO_POLL_INTERVAL } from '../../../lib/constants';
import type { Video } from '../../../types/api';

/** GET /api/videos/{id} (counts a view). */
export const getVideo = (id: number) => api.get<Video>(`/api/videos/${id}`);

/** GET /api/videos/{id}/community: fresh counts, status and progress; no view counted. */
export const getVideoCommunity = (id: number) => api.get<Video>(`/api/videos/${id}/community`);

export const getVideoQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['videos', 'detail', id], queryFn: () => getVideo(id) });

export const getVideoCommunityQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['videos', 'detail', id, 'community'], queryFn: () => getVideoCommunity(id) });

export const useVideo = (id: number, enabled = true) => useQuery({ ...getVideoQueryOptions(id), enabled: enabled && Number.isFinite(id) });

/** Refetched every 3 s while the video is processing (or while `forcePolling`). */
export const useVideoCommunity = (id: number, { enabled = true, forcePolling = false } = {}) =>
  useQuery({
    ...getVideoCommunityQueryOptions(id),
    enabled: enabled && Number.isFinite(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'processing' || (forcePolling && status !== 'completed' && status !== 'failed')) return VIDEO_POLL_INTERVAL;
      return false;
    },
  });
