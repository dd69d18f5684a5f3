import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** DELETE /api/stories/{id} (owner only). */
export const deleteStory = (id: number) => api.delete<{ message: string }>(`/api/stories/${id}`);

export const useDeleteStory = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: ['stories', 'detail', id] });
      client.invalidateQueries({ queryKey: ['stories', 'list'] });
      client.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
