import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

/** GET /api/admin/reports; failures fall back to an empty list. */
export async function getReports(): Promise<Report[]> {
  try {
    return await api.get<Report[]>('/api/admin/reports');
  } catch (error) {
    console.warn('Failed to fetch reports', error);
    return [];
  }
}

export const getReportsQueryOptions = () => queryOptions({ queryKey: ['admin', 'reports'], queryFn: getReports });

export const useReports = (enabled: boolean) => useQuery({ ...getReportsQueryOptions(), enabled });

/** POST /api/admin/reports/{id}/resolve or /dismiss. */
export const settleReport = ({ id, action }: { id: number; action: 'resolve' | 'dismiss' }) => api.post<unknown>(`/api/admin/reports/${id}/${action}`);

export const useSettleReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: settleReport,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['admin', 'reports'] });
      client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
};
