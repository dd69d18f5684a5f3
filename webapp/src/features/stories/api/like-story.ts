import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyOptimisticLike, rollback } from '../../../lib/like-cache';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';

export type LikeResult = { liked: boolean; likesCount: number };

/** POST (like) or DELETE (unlike) /api/stories/{id}/like. */
export const toggleStoryLike = ({ id, like }: { id: number; like: boolean }) =>
  like ? api.post<LikeResult>(`/api/stories/${id}/like`) : api.delete<LikeResult>(`/api/stories/${id}/like`);

export const useToggleStoryLike = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleStoryLike,
    onMutate: ({ id, like }) => applyOptimisticLike(client, 'stories', id, like),
    onError: (error, { like }, snapshot) => {
      rollback(client, snapshot);
      if (handledUnauthorized(error)) return;
      console.warn(like ? 'Failed to like story' : 'Failed to unlike story', error);
      toast({ title: 'Error', description: 'Failed to update like. Please try again.', variant: 'destructive' });
    },
    onSuccess: (_result, { like }) => {
      toast(like ? { title: 'Story liked', description: 'You liked this story' } : { title: 'Like removed', description: 'You unliked this story' });
    },
    onSettled: (_r, _e, { id }) => {
      client.invalidateQueries({ queryKey: ['stories', 'list'] });
      client.invalidateQueries({ queryKey: ['stories', 'detail', id, 'community'] });
      client.invalidateQueries({ queryKey: ['stories', 'activity', id, 'likes'] });
    },
  });
};
