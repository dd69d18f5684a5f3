import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ContentKind } from './get-admin-content';

/** PATCH /api/admin/{kind}/{id} {isPublic}. */
export const setContentVisibility = ({ kind, id, isPublic }: { kind: ContentKind; id: number; isPublic: boolean }) =>
  api.patch<unknown>(`/api/admin/${kind}/${id}`, { isPublic });

/** DELETE /api/admin/{kind}/{id}. */
export const deleteContent = ({ kind, id }: { kind: ContentKind; id: number }) => api.delete<unknown>(`/api/admin/${kind}/${id}`);

function useContentMutation<T extends { kind: ContentKind }>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, { kind }) => {
      client.invalidateQueries({ queryKey: ['admin', 'content'] });
      client.invalidateQueries({ queryKey: ['admin', 'stats'] });
      client.invalidateQueries({ queryKey: ['admin', 'audit'] });
      client.invalidateQueries({ queryKey: [kind] });
    },
  });
}

export const useSetContentVisibility = () => useContentMutation(setContentVisibility);
export const useDeleteContent = () => useContentMutation(deleteContent);
