import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

/** GET /api/admin/audit; failures fall back to an empty list. */
export async function getAudit(): Promise<AuditEntry[]> {
  try {
    return await api.get<AuditEntry[]>('/api/admin/audit', { limit: 100 });
  } catch (error) {
    console.warn('Failed to fetch audit log', error);
    return [];
  }
}

export const getAuditQueryOptions = () => queryOptions({ queryKey: ['admin', 'audit'], queryFn: getAudit });

export const useAudit = (enabled: boolean) => useQuery({ ...getAuditQueryOptions(), enabled });
