import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentKeys, resourceOf } from '../../../lib/query-keys';
import type { Comment, ContentType } from '../../../types/api';

const base = (type: ContentType) => `/api/${resourceOf(type)}`;

/** GET /api/{type}s/{id}/comments: flat list, newest first; replies carry parentId. */
export const getComments = (type: ContentType, id: number) => api.get<Comment[]>(`${base(type)}/${id}/comments`);

export const getCommentsQueryOptions = (type: ContentType, id: number) =>
  queryOptions({ queryKey: contentKeys(type).comments(id), queryFn: () => getComments(type, id) });

export const useComments = (type: ContentType, id: number) => useQuery(getCommentsQueryOptions(type, id));

type NewComment = { type: ContentType; id: number; content: string; parentId?: number | null };
type Target = { type: ContentType; parentContentId: number; commentId: number };

/** POST /api/{type}s/{id}/comments {content, parentId?}. */
export const createComment = ({ type, id, content, parentId }: NewComment) =>
  api.post<Comment>(`${base(type)}/${id}/comments`, parentId ? { content, parentId } : { content });

/** PUT /api/{type}s/comments/{commentId} {content} (author only). */
export const updateComment = ({ type, commentId, content }: Target & { content: string }) =>
  api.put<Comment>(`${base(type)}/comments/${commentId}`, { content });

/** DELETE /api/{type}s/comments/{commentId} (author only). */
export const deleteComment = ({ type, commentId }: Target) => api.delete<unknown>(`${base(type)}/comments/${commentId}`);

/** A comment write on item `id` of `type`: its comments, its comment activity and its live counts. */
function useCommentWrite<T>(fn: (input: T) => Promise<unknown>, itemOf: (input: NoInfer<T>) => { type: ContentType; id: number }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, input) => {
      const { type, id } = itemOf(input);
      const keys = contentKeys(type);
      client.invalidateQueries({ queryKey: keys.comments(id) });
      client.invalidateQueries({ queryKey: keys.activity(id, 'comments') });
      client.invalidateQueries({ queryKey: keys.community(id) });
    },
  });
}

const onTarget = ({ type, parentContentId }: Target) => ({ type, id: parentContentId });

export const useCreateComment = () => useCommentWrite(createComment, ({ type, id }) => ({ type, id }));
export const useUpdateComment = () => useCommentWrite(updateComment, onTarget);
export const useDeleteComment = () => useCommentWrite(deleteComment, onTarget);
