import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /api/videos/{id} (owner only). */
export const deleteVideo = (id: number) => api.delete<{ message: string }>(`/api/videos/${id}`);

export const useDeleteVideo = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: ['videos', 'detail', id] });
      client.invalidateQueries({ queryKey: ['videos', 'list'] });
      client.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
