import { Icon } from '../ui/icons';
import { requireSignIn, useAuth } from '../../lib/auth';
import { plural } from '../../lib/format';
import type { ContentType } from '../../types/api';
import { useToggleLike } from '../../lib/content/content-mutations';

type Likeable = { id: number; isLikedByUser?: boolean | null; likesCount?: number | null };

/** The heart and count of a story or video; signed-out users are asked to sign in. */
export function LikeButton(props: LikeProps) {
  const { isAuthenticated } = useAuth();
  return <LikeButtonFor {...props} signedIn={isAuthenticated} />;
}

type LikeProps = { type: ContentType; item: Likeable; size?: 'sm' | 'md' };

/** The same, for a parent that already knows whether the reader is signed in (a feed card). */
export function LikeButtonFor({ type, item, size = 'sm', signedIn: isAuthenticated }: LikeProps & { signedIn: boolean }) {
  const like = useToggleLike(type);
  const liked = !!item.isLikedByUser;
  const count = item.likesCount ?? 0;
  return (
    <button
      type="button"
      className={`btn btn-ghost ${size === 'sm' ? 'btn-sm' : ''} like-btn${liked ? ' liked' : ''}`}
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${type} (${plural(count, 'like')})`}
      disabled={like.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!requireSignIn(isAuthenticated, type === 'story' ? 'like stories' : 'like videos')) return;
        like.mutate({ id: item.id, like: !liked });
      }}
    >
      <Icon name="heart" size={16} filled={liked} />
      <span>{count}</span>
    </button>
  );
}
