/**
 * The admin panel's reads. Lists are `?limit=&page=` pages with the total in X-Total-Count;
 * a failure reaches the screen (an error state), never an empty table.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, getPage } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/query-keys';
import type { AdminJobs, AdminStats, Story, User, Video } from '../../../types/api';

export type ContentKind = 'stories' | 'videos';
export type ContentFilter = 'all' | 'public' | 'private' | 'pending' | 'completed';
export type AdminUserFilter = 'all' | 'active' | 'inactive' | 'admin';

export type AuditEntry = {
  id: number;
  action: string;
  createdAt?: string;
  actorId?: string | number | null;
  actorEmail?: string | null;
  targetLabel?: string | null;
  reason?: string | null;
  targetType?: string | null;
  targetId?: string | number | null;
  details?: unknown;
  [key: string]: unknown;
};

export type Report = {
  id: number;
  targetType?: string;
  targetId?: number;
  type?: string;
  storyId?: number | null;
  videoId?: number | null;
  commentId?: number | null;
  reason: string;
  status?: string;
  createdAt?: string;
  isSystem?: boolean;
  reporter?: { id?: number; name?: string | null; email?: string | null } | null;
  reporterName?: string | null;
  target?: { type?: string; id?: number; title?: string | null; excerpt?: string | null; authorName?: string | null; isPublic?: boolean } | null;
  resolvedAt?: string | null;
  resolutionNote?: string | null;
  [key: string]: unknown;
};

/** Rows per page of the admin tables (the API's `?limit=`, at most 100). */
export const ADMIN_PAGE_SIZE = 20;

type UserParams = { filter: AdminUserFilter; search: string; page: number };
type ContentParams = { kind: ContentKind; search: string; filter: ContentFilter; page: number };

/** GET /api/admin/users?role=&status=&search=&page=&limit=. */
export const getAdminUsers = ({ filter, search, page }: UserParams) =>
  getPage<User>('/api/admin/users', {
    role: filter === 'admin' ? 'admin' : undefined,
    status: filter === 'active' || filter === 'inactive' ? filter : undefined,
    search: search || undefined,
    page,
    limit: ADMIN_PAGE_SIZE,
  });

/** GET /api/admin/{stories|videos}?search=&filter=&page=&limit=. */
export const getAdminContent = ({ kind, search, filter, page }: ContentParams) =>
  getPage<Story | Video>(`/api/admin/${kind}`, {
    search: search || undefined,
    filter: filter === 'all' ? undefined : filter,
    page,
    limit: ADMIN_PAGE_SIZE,
  });

/** GET /api/admin/check: succeeds only for admins. */
export const useAdminCheck = () =>
  useQuery(queryOptions({ queryKey: adminKeys.check(), queryFn: () => api.get<unknown>('/api/admin/check'), staleTime: 0 }));

/** GET /api/admin/stats. */
export const useAdminStats = (enabled: boolean) =>
  useQuery({ queryKey: adminKeys.stats(), queryFn: () => api.get<AdminStats>('/api/admin/stats'), enabled });

export const useAdminUsers = (params: UserParams) =>
  useQuery({ queryKey: adminKeys.userList(params), queryFn: () => getAdminUsers(params) });

export const useAdminContent = (params: ContentParams) =>
  useQuery({ queryKey: adminKeys.contentList(params), queryFn: () => getAdminContent(params) });

/** GET /api/admin/reports (the first page: the open queue comes first). */
export const useReports = () =>
  useQuery({ queryKey: adminKeys.reports(), queryFn: () => api.get<Report[]>('/api/admin/reports') });

/** GET /api/admin/audit?limit=100. */
export const useAudit = () =>
  useQuery({ queryKey: adminKeys.audit(), queryFn: () => api.get<AuditEntry[]>('/api/admin/audit', { limit: 100 }) });

/** GET /api/admin/jobs: the queues (depth, workers) and the jobs, refreshed every few seconds. */
export const useAdminJobs = (enabled = true) =>
  useQuery({ queryKey: adminKeys.jobs(), queryFn: () => api.get<AdminJobs>('/api/admin/jobs'), enabled, refetchInterval: 5000 });
