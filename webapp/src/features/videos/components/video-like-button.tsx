import { requireSignIn, useAuth } from '../../../lib/auth';
import { Icon } from '../../../components/ui/icons';
import { useToggleVideoLike } from '../api/like-video';
import type { Video } from '../../../types/api';

export function VideoLikeButton({ video, size = 'sm' }: { video: Video; size?: 'sm' | 'md' }) {
  const { isAuthenticated } = useAuth();
  const like = useToggleVideoLike();
  const liked = !!video.isLikedByUser;
  return (
    <button
      type="button"
      className={`btn btn-ghost ${size === 'sm' ? 'btn-sm' : ''} like-btn${liked ? ' liked' : ''}`}
      aria-pressed={liked}
      aria-label={liked ? `Unlike video (${video.likesCount ?? 0} likes)` : `Like video (${video.likesCount ?? 0} likes)`}
      disabled={like.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!requireSignIn(isAuthenticated, 'like videos')) return;
        like.mutate({ id: video.id, like: !liked });
      }}
    >
      <Icon name="heart" size={16} filled={liked} />
      <span>{video.likesCount ?? 0}</span>
    </button>
  );
}
