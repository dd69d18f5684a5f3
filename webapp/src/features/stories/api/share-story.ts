import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/stories/{id}/share {platform, shareType} → {recorded, sharesCount}. */
export const shareStory = ({ id, platform, shareType }: { id: number; platform: string; shareType: string }) =>
  api.post<{ recorded: boolean; sharesCount: number }>(`/api/stories/${id}/share`, { platform, shareType });

export const useShareStory = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shareStory,
    onSettled: (_r, _e, { id }) => {
      client.invalidateQueries({ queryKey: ['stories', 'list'] });
      client.invalidateQueries({ queryKey: ['stories', 'detail', id, 'community'] });
      client.invalidateQueries({ queryKey: ['stories', 'activity', id, 'shares'] });
    },
  });
};
