import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from '../../../types/api';

/** PATCH /api/admin/users/{id}. */
export const updateUser = ({ id, updates }: { id: string | number; updates: Partial<User> }) => api.patch<User>(`/api/admin/users/${id}`, updates);
/** POST /api/admin/users/{id}/ban {reason, expiresAt}. */
export const banUser = ({ id, reason, expiresAt }: { id: string | number; reason: string; expiresAt: string | null }) =>
  api.post<User>(`/api/admin/users/${id}/ban`, { reason, expiresAt });
/** POST /api/admin/users/{id}/unban. */
export const unbanUser = (id: string | number) => api.post<User>(`/api/admin/users/${id}/unban`);
/** DELETE /api/admin/users/{id}: the user and all their content. */
export const deleteUser = (id: string | number) => api.delete<unknown>(`/api/admin/users/${id}`);

function useAdminUserMutation<T>(fn: (input: T) => Promise<unknown>, alsoContent = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['admin', 'users'] });
      client.invalidateQueries({ queryKey: ['admin', 'stats'] });
      client.invalidateQueries({ queryKey: ['admin', 'audit'] });
      if (alsoContent) {
        client.invalidateQueries({ queryKey: ['admin', 'content'] });
        client.invalidateQueries({ queryKey: ['stories'] });
        client.invalidateQueries({ queryKey: ['videos'] });
      }
    },
  });
}

export const useUpdateUser = () => useAdminUserMutation(updateUser);
export const useBanUser = () => useAdminUserMutation(banUser);
export const useUnbanUser = () => useAdminUserMutation(unbanUser);
export const useDeleteUser = () => useAdminUserMutation(deleteUser, true);
