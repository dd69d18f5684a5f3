import { requireSignIn, useAuth } from '../../../lib/auth';
import { Icon } from '../../../components/ui/icons';
import { useToggleStoryLike } from '../api/like-story';
import type { Story } from '../../../types/api';

export function StoryLikeButton({ story, size = 'sm' }: { story: Story; size?: 'sm' | 'md' }) {
  const { isAuthenticated } = useAuth();
  const like = useToggleStoryLike();
  const liked = !!story.isLikedByUser;
  return (
    <button
      type="button"
      className={`btn btn-ghost ${size === 'sm' ? 'btn-sm' : ''} like-btn${liked ? ' liked' : ''}`}
      aria-pressed={liked}
      aria-label={liked ? `Unlike story (${story.likesCount ?? 0} likes)` : `Like story (${story.likesCount ?? 0} likes)`}
      disabled={like.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!requireSignIn(isAuthenticated, 'like stories')) return;
        like.mutate({ id: story.id, like: !liked });
      }}
    >
      <Icon name="heart" size={16} filled={liked} />
      <span>{story.likesCount ?? 0}</span>
    </button>
  );
}
