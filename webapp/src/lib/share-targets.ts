import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { shareTargetKeys } from './query-keys';

export type ShareTarget = {
  id: string;
  label: string;
  icon?: string | null;
  shareType: string;
  popup: boolean;
  urlTemplate?: string | null;
  url?: string | null;
};

export const getShareTargets = (params: { title: string; url: string }) =>
  api.get<ShareTarget[]>('/api/share-targets', params);

export const getShareTargetsQueryOptions = (params: { title: string; url: string }) =>
  queryOptions({
    queryKey: shareTargetKeys.list(params),
    queryFn: () => getShareTargets(params),
  });

export const useShareTargets = (params: { title: string; url: string }, enabled: boolean) =>
  useQuery({ ...getShareTargetsQueryOptions(params), enabled });
