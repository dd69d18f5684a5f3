import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Video } from '../../../types/api';

/** POST /api/videos: the whole creation form → 201 video (pending). */
export const createVideo = (data: Record<string, unknown>) => api.post<Video>('/api/videos', data);

export const useCreateVideo = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['videos', 'list'] });
      client.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
