import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Video } from '../../../types/api';

/** PATCH /api/videos/{id}: editor fields (owner only). */
export const updateVideo = ({ id, data }: { id: number; data: Partial<Video> }) => api.patch<Video>(`/api/videos/${id}`, data);

/** POST /api/videos/{id}/regenerate: editor fields, then a new render. */
export const regenerateVideo = ({ id, data }: { id: number; data: Partial<Video> }) =>
  api.post<Video>(`/api/videos/${id}/regenerate`, data);

function useVideoWrite(fn: typeof updateVideo) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (video, { id }) => {
      if (video && typeof video === 'object' && 'id' in video) {
        client.setQueryData(['videos', 'detail', id], video);
        client.setQueryData(['videos', 'detail', id, 'community'], video);
      }
      client.invalidateQueries({ queryKey: ['videos', 'list'] });
    },
  });
}

export const useUpdateVideo = () => useVideoWrite(updateVideo);
export const useRegenerateVideo = () => useVideoWrite(regenerateVideo);
