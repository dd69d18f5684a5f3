import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seriesKeys, storyKeys } from '../../../lib/query-keys';
import type { NextPart, Series, SeriesSummary, Story } from '../../../types/api';

const isId = (id: number | null | undefined): id is number => typeof id === 'number' && Number.isFinite(id) && id > 0;

/** GET /api/series/{id}: the series and the parts the reader may open, in order. */
export const useSeries = (id: number | null | undefined) =>
  useQuery({ queryKey: seriesKeys.detail(id ?? 0), queryFn: () => api.get<Series>(`/api/series/${id}`), enabled: isId(id), retry: false });

/** GET /api/users/{id}/series: an author's series, newest first. */
export const useUserSeries = (userId: number | null | undefined) =>
  useQuery({ queryKey: seriesKeys.ofUser(userId ?? 0), queryFn: () => api.get<SeriesSummary[]>(`/api/users/${userId}/series`), enabled: isId(userId) });

/** GET /api/series/{id}/next: the next part's form (the owner's only). */
export const useNextPart = (id: number | null | undefined) =>
  useQuery({ queryKey: seriesKeys.next(id ?? 0), queryFn: () => api.get<NextPart>(`/api/series/${id}/next`), enabled: isId(id), retry: false });

export type SeriesInput = { title: string; description: string; isPublic?: boolean };

/** Every change to a series: the cached series, the author's list and the stories' places refetch. */
function useSeriesMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      const series = result as unknown as Partial<Series> | undefined;
      if (series && typeof series.id === 'number' && Array.isArray(series.parts)) client.setQueryData(seriesKeys.detail(series.id), series);
      client.invalidateQueries({ queryKey: seriesKeys.all });
      client.invalidateQueries({ queryKey: storyKeys.all });
    },
  });
}

export const useCreateSeries = () => useSeriesMutation((input: SeriesInput) => api.post<Series>('/api/series', input));

export const useUpdateSeries = (id: number) => useSeriesMutation((input: Partial<SeriesInput>) => api.put<Series>(`/api/series/${id}`, input));

export const useDeleteSeries = (id: number) => useSeriesMutation(() => api.delete<{ message: string }>(`/api/series/${id}`));

/** PUT /api/series/{id}/parts: exactly the series' stories, in the new order. */
export const useReorderParts = (id: number) => useSeriesMutation((storyIds: number[]) => api.put<Series>(`/api/series/${id}/parts`, { storyIds }));

/** PUT /api/stories/{id} with `seriesId`: one of your stories becomes the series' last part. */
export const useAddPart = (seriesId: number) =>
  useSeriesMutation((storyId: number) => api.put<Story>(`/api/stories/${storyId}`, { seriesId }));
