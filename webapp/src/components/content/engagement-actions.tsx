import { Icon } from '../ui/icons';
import type { ContentType } from '../../types/api';
import { BookmarkButton } from './bookmark-button';
import { LikeButton } from './like-button';
import { ShareDropdown } from './share-dropdown';

type Engaged = { id: number; title: string; isLikedByUser?: boolean; likesCount?: number; commentsCount?: number; sharesCount?: number; isBookmarked?: boolean };

/** The story and video pages' Like, Comments (scrolls to them), Share and Bookmark buttons. */
export function EngagementActions({ type, item }: { type: ContentType; item: Engaged }) {
  const comments = item.commentsCount ?? 0;
  return (
    <>
      <LikeButton type={type} item={item} size="md" />
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => document.getElementById('comments')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        aria-label={`${comments} comments: go to comments`}
      >
        <Icon name="comment" size={16} /> {comments}
      </button>
      <ShareDropdown type={type} id={item.id} title={item.title} count={item.sharesCount ?? 0} className="btn btn-ghost" />
      <BookmarkButton type={type} item={item} />
    </>
  );
}
