import { Icon } from '../ui/icons';
import { requireSignIn, useAuth } from '../../lib/auth';
import type { ContentType } from '../../types/api';
import { useToggleBookmark } from '../../lib/content/content-mutations';

/** Bookmark / Bookmarked: puts a story or video on the reader's reading list (on /profile). */
export function BookmarkButton({ type, item }: { type: ContentType; item: { id: number; isBookmarked?: boolean | null } }) {
  const { isAuthenticated } = useAuth();
  const toggle = useToggleBookmark(type);
  const bookmarked = !!item.isBookmarked;
  return (
    <button
      type="button"
      className={`btn btn-ghost bookmark-btn${bookmarked ? ' bookmarked' : ''}`}
      aria-pressed={bookmarked}
      title={bookmarked ? 'On your reading list: click to remove it' : 'Add to your reading list'}
      disabled={toggle.isPending}
      onClick={() => {
        if (!requireSignIn(isAuthenticated, `bookmark ${type === 'story' ? 'stories' : 'videos'}`)) return;
        toggle.mutate({ id: item.id, bookmark: !bookmarked });
      }}
    >
      <Icon name="bookmark" size={16} filled={bookmarked} />
      <span>{bookmarked ? 'Bookmarked' : 'Bookmark'}</span>
    </button>
  );
}
