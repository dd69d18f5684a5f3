import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdminStats } from '../../../types/api';

/** GET /api/admin/stats. */
export const getAdminStats = () => api.get<AdminStats>('/api/admin/stats');

export const getAdminStatsQueryOptions = () => queryOptions({ queryKey: ['admin', 'stats'], queryFn: getAdminStats });

export const useAdminStats = (enabled: boolean) => useQuery({ ...getAdminStatsQueryOptions(), enabled });
