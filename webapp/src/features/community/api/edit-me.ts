import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys, userKeys } from '../../../lib/query-keys';
import type { Profile } from '../../../types/api';

export type ProfileEdit = { bio?: string; profileImageUrl?: string | null; showMature?: boolean };

/** PATCH /api/users/me: your bio and avatar. */
export const editMe = (body: ProfileEdit) => api.patch<Profile>('/api/users/me', body);

export function useEditMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editMe,
    onSuccess: (profile) => {
      client.setQueryData(userKeys.profile(profile.id), profile);
      void client.invalidateQueries({ queryKey: authKeys.user() });
    },
  });
}
