import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storyKeys } from '../../../lib/query-keys';
import type { Story } from '../../../types/api';

/** PUT /api/stories/{id} `{allowVideos}`: whether others may make videos of the story. */
export const setAllowVideos = ({ id, allowVideos }: { id: number; allowVideos: boolean }) => api.put<Story>(`/api/stories/${id}`, { allowVideos });

export function useSetAllowVideos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAllowVideos,
    onSuccess: (story) => {
      client.setQueryData(storyKeys.detail(story.id), story);
      void client.invalidateQueries({ queryKey: storyKeys.all });
    },
  });
}
