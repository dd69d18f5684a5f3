import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Comment, ContentType } from '../../../types/api';

type Target = { type: ContentType; parentContentId: number; commentId: number };

/** PUT /api/{type}s/comments/{commentId} {content} (author only). */
export const updateComment = ({ type, commentId, content }: Target & { content: string }) =>
  api.put<Comment>(`/api/${type}s/comments/${commentId}`, { content });

/** DELETE /api/{type}s/comments/{commentId} (author only). */
export const deleteComment = ({ type, commentId }: Target) => api.delete<unknown>(`/api/${type}s/comments/${commentId}`);

function useCommentWrite<T extends Target>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, { type, parentContentId }) => {
      client.invalidateQueries({ queryKey: [`${type}s`, 'comments', parentContentId] });
      client.invalidateQueries({ queryKey: [`${type}s`, 'activity', parentContentId, 'comments'] });
      client.invalidateQueries({ queryKey: [`${type}s`, 'detail', parentContentId, 'community'] });
    },
  });
}

export const useUpdateComment = () => useCommentWrite(updateComment);
export const useDeleteComment = () => useCommentWrite(deleteComment);
