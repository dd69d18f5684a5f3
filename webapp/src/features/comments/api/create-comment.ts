import { resourceOf } from '../../../lib/resource';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Comment, ContentType } from '../../../types/api';

type Input = { type: ContentType; id: number; content: string; parentId?: number | null };

/** POST /api/{type}s/{id}/comments {content, parentId?}. */
export const createComment = ({ type, id, content, parentId }: Input) =>
  api.post<Comment>(`/api/${resourceOf(type)}/${id}/comments`, parentId ? { content, parentId } : { content });

export const useCreateComment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (_c, { type, id }) => {
      client.invalidateQueries({ queryKey: [`${resourceOf(type)}`, 'comments', id] });
      client.invalidateQueries({ queryKey: [`${resourceOf(type)}`, 'activity', id, 'comments'] });
      client.invalidateQueries({ queryKey: [`${resourceOf(type)}`, 'detail', id, 'community'] });
    },
  });
};
