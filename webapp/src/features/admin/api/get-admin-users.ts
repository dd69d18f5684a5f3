import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from '../../../types/api';

export type AdminUserFilter = 'all' | 'active' | 'inactive' | 'admin';

/** GET /api/admin/users?role=&status=&search=; failures fall back to an empty list. */
export async function getAdminUsers({ filter, search }: { filter: AdminUserFilter; search: string }): Promise<User[]> {
  try {
    return await api.get<User[]>('/api/admin/users', {
      role: filter === 'admin' ? 'admin' : undefined,
      status: filter === 'active' || filter === 'inactive' ? filter : undefined,
      search: search || undefined,
    });
  } catch (error) {
    console.warn('Failed to fetch users', error);
    return [];
  }
}

export const getAdminUsersQueryOptions = (params: { filter: AdminUserFilter; search: string }) =>
  queryOptions({ queryKey: ['admin', 'users', params], queryFn: () => getAdminUsers(params) });

export const useAdminUsers = (params: { filter: AdminUserFilter; search: string }, enabled: boolean) =>
  useQuery({ ...getAdminUsersQueryOptions(params), enabled });
