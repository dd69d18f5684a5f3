import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from '../../../lib/query-keys';
import type { Video } from '../../../types/api';

/** PATCH /api/videos/{id}: editor fields (owner only). */
export const updateVideo = ({ id, data }: { id: number; data: Partial<Video> }) => api.patch<Video>(`/api/videos/${id}`, data);

/** POST /api/videos/{id}/regenerate: editor fields, then a new render. */
export const regenerateVideo = ({ id, data }: { id: number; data: Partial<Video> }) =>
  api.post<Video>(`/api/videos/${id}/regenerate`, data);

/** POST /api/videos/{id}/generate: creator only, from pending or failed → 202 video (processing). */
export const generateVideo = (id: number) => api.post<Video>(`/api/videos/${id}/generate`);

/** Puts the answered video in the detail and live caches, then refreshes the lists. */
function useVideoWrite<T>(fn: (input: T) => Promise<Video>, idOf: (input: NoInfer<T>) => number, cacheDetail = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (video, input) => {
      const id = idOf(input);
      if (video && typeof video === 'object' && 'id' in video) {
        if (cacheDetail) client.setQueryData(videoKeys.detail(id), video);
        client.setQueryData(videoKeys.community(id), video);
      }
      if (!cacheDetail) client.invalidateQueries({ queryKey: videoKeys.detail(id) });
      client.invalidateQueries({ queryKey: videoKeys.lists() });
    },
  });
}

const idOfInput = ({ id }: { id: number }) => id;

export const useUpdateVideo = () => useVideoWrite(updateVideo, idOfInput);
export const useRegenerateVideo = () => useVideoWrite(regenerateVideo, idOfInput);
export const useGenerateVideo = () => useVideoWrite(generateVideo, (id: number) => id, false);
