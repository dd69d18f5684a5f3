import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { contentKeys, resourceOf, type ActivityKind } from './query-keys';
import type { ActivityEntry, ContentType } from '../types/api';

export type { ActivityKind };

/** GET /api/{type}s/{id}/{likes|shares|comments} for the Review dialog. */
export const getActivity = (type: ContentType, id: number, kind: ActivityKind) =>
  api.get<ActivityEntry[]>(`/api/${resourceOf(type)}/${id}/${kind}`);

export const getActivityQueryOptions = (type: ContentType, id: number, kind: ActivityKind) =>
  queryOptions({
    queryKey: contentKeys(type).activity(id, kind),
    queryFn: () => getActivity(type, id, kind),
    staleTime: 0,
  });

export const useActivity = (type: ContentType, id: number, kind: ActivityKind, enabled: boolean) =>
  useQuery({ ...getActivityQueryOptions(type, id, kind), enabled });
