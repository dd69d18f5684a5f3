import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Video } from '../../../types/api';

/** POST /api/videos/{id}/generate: creator only, from pending or failed → 202 video (processing). */
export const generateVideo = (id: number) => api.post<Video>(`/api/videos/${id}/generate`);

export const useGenerateVideo = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateVideo,
    onSuccess: (video, id) => {
      if (video && typeof video === 'object' && 'id' in video) {
        client.setQueryData(['videos', 'detail', id, 'community'], video);
      }
      client.invalidateQueries({ queryKey: ['videos', 'detail', id] });
      client.invalidateQueries({ queryKey: ['videos', 'list'] });
    },
  });
};
