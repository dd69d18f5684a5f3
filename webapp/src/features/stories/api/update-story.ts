import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storyKeys } from '../../../lib/query-keys';
import type { Story } from '../../../types/api';

export type UpdateStoryInput = { id: number; data: Partial<Story> };

/** PUT /api/stories/{id} (owner only). */
export const updateStory = ({ id, data }: UpdateStoryInput) => api.put<Story>(`/api/stories/${id}`, data);

export const useUpdateStory = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStory,
    onSuccess: (story, { id }) => {
      client.setQueryData(storyKeys.detail(id), story);
      client.invalidateQueries({ queryKey: storyKeys.community(id) });
      client.invalidateQueries({ queryKey: storyKeys.lists() });
    },
  });
};
