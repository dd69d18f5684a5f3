import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { VIDEO_POLL_INTERVAL } from '../constants';
import { feedPaging } from '../feed';
import { contentKeys } from '../query-keys';
import type { ContentType } from '../../types/api';
import { getCommunityPage, getContent, getContentCommunity, getUserContent, type CardOf, type CommunityParams } from './content-api';

const isId = (id: unknown) => id !== undefined && id !== null && id !== '';

export const getContentQueryOptions = <T extends ContentType>(type: T, id: number) =>
  queryOptions({ queryKey: contentKeys(type).detail(id), queryFn: () => getContent(type, id) });

export const getContentCommunityQueryOptions = <T extends ContentType>(type: T, id: number) =>
  queryOptions({ queryKey: contentKeys(type).community(id), queryFn: () => getContentCommunity(type, id) });

export const getUserContentQueryOptions = <T extends ContentType>(type: T, userId: string | number) =>
  queryOptions({ queryKey: contentKeys(type).list({ userId }), queryFn: () => getUserContent(type, userId) });

/** The community feed page by page (explore's infinite scroll), following the API's cursor. */
export const getCommunityPagesQueryOptions = <T extends ContentType>(type: T, params: CommunityParams) =>
  infiniteQueryOptions({
    queryKey: contentKeys(type).pages(params),
    queryFn: ({ pageParam, signal }) => getCommunityPage(type, params, pageParam, signal),
    ...feedPaging<CardOf<T>>(),
  });

/** A story or video by id (counts a view). */
export const useContent = <T extends ContentType>(type: T, id: number, enabled = true) =>
  useQuery({ ...getContentQueryOptions(type, id), enabled: enabled && Number.isFinite(id) });

/** The item's live counts; refetched every 3 s while a video is processing (or while `forcePolling`). */
export const useContentCommunity = <T extends ContentType>(type: T, id: number, { enabled = true, forcePolling = false } = {}) =>
  useQuery({
    ...getContentCommunityQueryOptions(type, id),
    enabled: enabled && Number.isFinite(id),
    refetchInterval: (query) => {
      const status = (query.state.data as { status?: string } | undefined)?.status;
      if (status === 'processing' || (forcePolling && status !== 'completed' && status !== 'failed')) return VIDEO_POLL_INTERVAL;
      return false;
    },
  });

/** A user's stories or videos; only fetched when a user id exists. */
export const useUserContent = <T extends ContentType>(type: T, userId: string | number | undefined | null) =>
  useQuery({ ...getUserContentQueryOptions(type, userId ?? ''), enabled: isId(userId) });

export const useCommunityPages = <T extends ContentType>(type: T, params: CommunityParams, enabled = true) =>
  useInfiniteQuery({ ...getCommunityPagesQueryOptions(type, params), enabled });
