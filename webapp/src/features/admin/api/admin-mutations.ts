import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, storyKeys, videoKeys } from '../../../lib/query-keys';
import type { AdminJob, User } from '../../../types/api';
import type { ContentKind } from './admin-queries';

type QueryKeyList = ReadonlyArray<readonly unknown[]>;

/** A write of the admin panel; on success the keys given are refreshed, with the stats and the audit log. */
function useAdminWrite<T>(fn: (input: T) => Promise<unknown>, refresh: (input: NoInfer<T>) => QueryKeyList) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, input) => {
      for (const queryKey of [...refresh(input), adminKeys.stats(), adminKeys.audit()]) client.invalidateQueries({ queryKey });
    },
  });
}

type UserId = string | number;

/** PATCH /api/admin/users/{id}. */
export const useUpdateUser = () =>
  useAdminWrite(({ id, updates }: { id: UserId; updates: Partial<User> }) => api.patch<User>(`/api/admin/users/${id}`, updates), () => [adminKeys.users()]);

/** POST /api/admin/users/{id}/ban {reason, expiresAt}. */
export const useBanUser = () =>
  useAdminWrite(
    ({ id, reason, expiresAt }: { id: UserId; reason: string; expiresAt: string | null }) => api.post<User>(`/api/admin/users/${id}/ban`, { reason, expiresAt }),
    () => [adminKeys.users()],
  );

/** POST /api/admin/users/{id}/unban. */
export const useUnbanUser = () => useAdminWrite((id: UserId) => api.post<User>(`/api/admin/users/${id}/unban`), () => [adminKeys.users()]);

/** DELETE /api/admin/users/{id}: the user and all their content. */
export const useDeleteUser = () =>
  useAdminWrite(
    (id: UserId) => api.delete<unknown>(`/api/admin/users/${id}`),
    () => [adminKeys.users(), adminKeys.content(), storyKeys.all, videoKeys.all],
  );

const contentRefresh = ({ kind }: { kind: ContentKind }) => [adminKeys.content(), kind === 'stories' ? storyKeys.all : videoKeys.all];

/** PATCH /api/admin/{kind}/{id} {isPublic, reason}: the reason is told to the author. */
export const useSetContentVisibility = () =>
  useAdminWrite(
    ({ kind, id, isPublic, reason }: { kind: ContentKind; id: number; isPublic: boolean; reason?: string | null }) =>
      api.patch<unknown>(`/api/admin/${kind}/${id}`, reason ? { isPublic, reason } : { isPublic }),
    contentRefresh,
  );

/** DELETE /api/admin/{kind}/{id}. */
export const useDeleteContent = () =>
  useAdminWrite(({ kind, id }: { kind: ContentKind; id: number }) => api.delete<unknown>(`/api/admin/${kind}/${id}`), contentRefresh);

/** POST /api/admin/reports/{id}/resolve or /dismiss. */
export const useSettleReport = () =>
  useAdminWrite(
    ({ id, action }: { id: number; action: 'resolve' | 'dismiss' }) => api.post<unknown>(`/api/admin/reports/${id}/${action}`),
    () => [adminKeys.reports()],
  );

/** POST /api/admin/jobs/{id}/retry or /cancel. */
export const useJobAction = () =>
  useAdminWrite(
    ({ id, action }: { id: string; action: 'retry' | 'cancel' }) => api.post<AdminJob>(`/api/admin/jobs/${id}/${action}`),
    () => [adminKeys.jobs(), videoKeys.all],
  );
