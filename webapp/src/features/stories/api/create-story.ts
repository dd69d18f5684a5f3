import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Story } from '../../../types/api';

export type CreateStoryInput = Partial<Story> & { title?: string; content: string; genre: string };

/** POST /api/stories → 201 story. */
export const createStory = (data: CreateStoryInput) => api.post<Story>('/api/stories', data);

export const useCreateStory = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['stories', 'list'] });
      client.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
