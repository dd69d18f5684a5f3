import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/admin/check: succeeds only for admins. */
export const checkAdmin = () => api.get<unknown>('/api/admin/check');

export const getAdminCheckQueryOptions = () => queryOptions({ queryKey: ['admin', 'check'], queryFn: checkAdmin, staleTime: 0 });

export const useAdminCheck = () => useQuery(getAdminCheckQueryOptions());
