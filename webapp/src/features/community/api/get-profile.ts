import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import type { Profile } from '../../../types/api';

/** GET /api/users/{userId}/profile: an author's public page. */
export const getProfile = (userId: number) => api.get<Profile>(`/api/users/${userId}/profile`);

export const getProfileQueryOptions = (userId: number) =>
  queryOptions({ queryKey: userKeys.profile(userId), queryFn: () => getProfile(userId) });

export const useProfile = (userId: number) => useQuery({ ...getProfileQueryOptions(userId), enabled: Number.isFinite(userId) && userId > 0 });
