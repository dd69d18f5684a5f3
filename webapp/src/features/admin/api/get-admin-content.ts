import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Story, Video } from '../../../types/api';

export type ContentKind = 'stories' | 'videos';
export type ContentFilter = 'all' | 'public' | 'private' | 'pending' | 'completed';

/** GET /api/admin/{stories|videos}?search=&filter=; failures fall back to an empty list. */
export async function getAdminContent({ kind, search, filter }: { kind: ContentKind; search: string; filter: ContentFilter }): Promise<Array<Story | Video>> {
  try {
    return await api.get<Array<Story | Video>>(`/api/admin/${kind}`, { search: search || undefined, filter: filter === 'all' ? undefined : filter });
  } catch (error) {
    console.warn(`Failed to fetch ${kind}`, error);
    return [];
  }
}

export const getAdminContentQueryOptions = (params: { kind: ContentKind; search: string; filter: ContentFilter }) =>
  queryOptions({ queryKey: ['admin', 'content', params], queryFn: () => getAdminContent(params) });

export const useAdminContent = (params: { kind: ContentKind; search: string; filter: ContentFilter }, enabled: boolean) =>
  useQuery({ ...getAdminContentQueryOptions(params), enabled });
