import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from '../../../lib/query-keys';
import type { Session } from '../../../types/api';

/** GET /api/auth/sessions: the account's signed-in browsers, the most recently seen first. */
export const getSessions = (signal?: AbortSignal) => api.get<Session[]>('/api/auth/sessions', undefined, signal);

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => getSessions(signal),
    staleTime: 0, // another device may have signed in since
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** DELETE /api/auth/sessions/{id}: signs that browser out; the list drops it. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/auth/sessions/${id}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Session[]>(authKeys.sessions(), (list) => list?.filter((s) => s.id !== id));
    },
  });
}
