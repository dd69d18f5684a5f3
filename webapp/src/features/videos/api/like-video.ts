import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyOptimisticLike, rollback } from '../../../lib/like-cache';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';

/** POST (like) or DELETE (unlike) /api/videos/{id}/like. */
export const toggleVideoLike = ({ id, like }: { id: number; like: boolean }) =>
  like
    ? api.post<{ liked: boolean; likesCount: number }>(`/api/videos/${id}/like`)
    : api.delete<{ liked: boolean; likesCount: number }>(`/api/videos/${id}/like`);

export const useToggleVideoLike = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleVideoLike,
    onMutate: ({ id, like }) => applyOptimisticLike(client, 'videos', id, like),
    onError: (error, _v, snapshot) => {
      rollback(client, snapshot);
      if (handledUnauthorized(error)) return;
      console.warn('Failed to like video', error);
      toast({ title: 'Error', description: 'Failed to update like. Please try again.', variant: 'destructive' });
    },
    onSuccess: (_r, { like }) => {
      toast(like ? { title: 'Video liked', description: 'You liked this video' } : { title: 'Like removed', description: 'You unliked this video' });
    },
    onSettled: (_r, _e, { id }) => {
      client.invalidateQueries({ queryKey: ['videos', 'list'] });
      client.invalidateQueries({ queryKey: ['videos', 'detail', id, 'community'] });
      client.invalidateQueries({ queryKey: ['videos', 'activity', id, 'likes'] });
    },
  });
};
