import { resourceOf } from '../../../lib/resource';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Comment, ContentType } from '../../../types/api';

type Target = { type: ContentType; parentContentId: number; commentId: number };

/** PUT /api/{type}s/comments/{commentId} {content} (author only). */
export const updateComment = ({ type, commentId, content }: Target & { content: string }) =>
  api.put<Comment>(`/api/${resourceOf(type)}/comments/${commentId}`, { content });

/** DELETE /api/{type}s/comments/{commentId} (author only). */
export const deleteComment = ({ type, commentId }: Target) => api.delete<unknown>(`/api/${resourceOf(type)}/comments/${commentId}`);

function useCommentWrite<T extends Target>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, { type, parentContentId }) => {
      client.invalidateQueries({ queryKey: [`${resourceOf(type)}`, 'comments', parentContentId] });
      client.invalidateQueries({ queryKey: [`${resourceOf(type)}`, 'activity', parentContentId, 'comments'] });
      client.invalidateQueries({ queryKey: [`${resourceOf(type)}`, 'detail', parentContentId, 'community'] });
    },
  });
}

export const useUpdateComment = () => useCommentWrite(updateComment);
export const useDeleteComment = () => useCommentWrite(deleteComment);
