import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import type { FollowState, Profile } from '../../../types/api';

/** POST (follow) or DELETE (unfollow) /api/users/{userId}/follow. */
export const setFollowing = ({ userId, follow }: { userId: number; follow: boolean }) =>
  follow ? api.post<FollowState>(`/api/users/${userId}/follow`) : api.delete<FollowState>(`/api/users/${userId}/follow`);

/** Follow / unfollow; the author's page shows the new state and count, the Following feed reloads. */
export function useFollow(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing({ userId, follow }),
    onSuccess: (state) => {
      client.setQueryData<Profile>(userKeys.profile(userId), (old) =>
        old ? { ...old, isFollowedByUser: state.following, followersCount: state.followersCount } : old,
      );
      void client.invalidateQueries({ queryKey: ['users', 'following'] });
    },
  });
}
