/**
 * The bell's data, shared by the header's bell and the notifications page: the unread count,
 * the pages of notifications, marking read, and the per-kind switches.
 */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { feedPaging, getFeedPage } from './feed';
import { notificationKeys } from './query-keys';
import type { AppNotification, MarkedRead, NotificationSettings } from '../types/api';

/** How often the bell asks for its count while the page is open (one indexed count on the server). */
export const BELL_POLL_MS = 30_000;

export const getUnreadCount = () => api.get<{ unread: number }>('/api/notifications/count');

export const getUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.count(), queryFn: getUnreadCount, refetchInterval: BELL_POLL_MS });

export const useUnreadCount = (enabled: boolean) => useQuery({ ...getUnreadCountQueryOptions(), enabled });

export type NotificationParams = { unread?: boolean; limit?: number };

export const useNotificationPages = (params: NotificationParams) =>
  useInfiniteQuery({
    queryKey: notificationKeys.pages(params),
    queryFn: ({ pageParam, signal }) =>
      getFeedPage<AppNotification>('/api/notifications', { unread: params.unread ? 1 : undefined, limit: params.limit }, pageParam, signal),
    ...feedPaging<AppNotification>(),
  });

/** POST /api/notifications/read with `{ids}` or `{all: true}`; the bell and the lists refresh. */
export const markRead = (body: { ids: number[] } | { all: true }) => api.post<MarkedRead>('/api/notifications/read', body);

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (result) => {
      client.setQueryData(notificationKeys.count(), { unread: result.unread });
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export const getNotificationSettings = () => api.get<NotificationSettings>('/api/notifications/settings');

export const useNotificationSettings = (enabled = true) =>
  useQuery({ queryKey: notificationKeys.settings(), queryFn: getNotificationSettings, enabled });

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (off: string[]) => api.put<NotificationSettings>('/api/notifications/settings', { off }),
    onSuccess: (settings) => client.setQueryData(notificationKeys.settings(), settings),
  });
}
