import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import type { UserStats } from '../../../types/api';

/** GET /api/users/{userId}/stats; only called when a user id exists. */
export const getUserStats = (userId: string | number) => api.get<UserStats>(`/api/users/${encodeURIComponent(String(userId))}/stats`);

export const getUserStatsQueryOptions = (userId: string | number) =>
  queryOptions({ queryKey: userKeys.stats(userId), queryFn: () => getUserStats(userId) });

export const useUserStats = (userId: string | number | undefined | null) =>
  useQuery({ ...getUserStatsQueryOptions(userId ?? ''), enabled: userId !== undefined && userId !== null && userId !== '' });
