import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/videos/{id}/share {platform, shareType}. */
export const shareVideo = ({ id, platform, shareType }: { id: number; platform: string; shareType: string }) =>
  api.post<{ recorded: boolean; sharesCount: number }>(`/api/videos/${id}/share`, { platform, shareType });

export const useShareVideo = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shareVideo,
    onSettled: (_r, _e, { id }) => {
      client.invalidateQueries({ queryKey: ['videos', 'list'] });
      client.invalidateQueries({ queryKey: ['videos', 'detail', id, 'community'] });
      client.invalidateQueries({ queryKey: ['videos', 'activity', id, 'shares'] });
    },
  });
};
