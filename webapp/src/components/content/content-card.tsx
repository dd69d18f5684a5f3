import { useState, type ReactNode } from 'react';
import { AuthorLink } from '../author-link';
import { Link, useNavigate } from 'react-router-dom';
import { ActivityDialog } from '../activity-dialog';
import { Badge } from '../ui/badge';
import { Icon } from '../ui/icons';
import { useAuth } from '../../lib/auth';
import { authorHandle, formatCount, formatDate } from '../../lib/format';
import type { ContentType, UserSummary } from '../../types/api';
import { CreatorActions } from './creator-actions';
import { LikeButtonFor } from './like-button';
import { ShareDropdown } from './share-dropdown';

type CardItem = {
  id: number;
  title: string;
  views?: number;
  userId?: number | string | null;
  likesCount?: number;
  isLikedByUser?: boolean;
  commentsCount?: number;
  sharesCount?: number;
  createdAt?: string;
  user?: UserSummary | null;
  /** mature (18+) and this reader may not see it: a blurred card with a notice */
  matureGate?: boolean;
};

/** How a feed shows its cards. */
export type CardOptions = { layout?: 'grid' | 'list'; showReviewButton?: boolean; showCreatorActions?: boolean };

/**
 * Feed card shell shared by story and video cards (dashboard and explore): click-through,
 * views, title, text, like/comments/share/Review actions, author and date, the Review
 * Activity dialog (mounted only while open: a feed of closed cards stays cheap to render), and the owner's Creator Actions when asked. The feature supplies the badges and media.
 */
export function ContentCard({
  type,
  item,
  genre,
  text,
  textClassName,
  layout = 'grid',
  media,
  badges,
  showReviewButton = false,
  showCreatorActions = false,
}: {
  type: ContentType;
  item: CardItem;
  genre: string;
  text: string;
  textClassName: string;
  layout?: 'grid' | 'list';
  /** Shown above the body; when present the body is wrapped in `.card-body`. */
  media?: ReactNode;
  badges?: ReactNode;
  showReviewButton?: boolean;
  showCreatorActions?: boolean;
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const isOwner = !!user && String(user.id) === String(item.userId);
  const [review, setReview] = useState(false);
  const href = `/${type}/${item.id}`;
  const open = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('button, a, input, select, textarea, [role="menu"], [role="dialog"], .dialog-overlay')) return;
    navigate(href);
  };
  const openReview = (e: React.MouseEvent) => {
    e.stopPropagation();
    setReview(true);
  };
  const body = (
    <>
      <div className="card-top">
        <span className="row-sm">
          <Badge variant="accent">{genre}</Badge>
          <span className="muted small">
            <Icon name={type === 'story' ? 'book' : 'film'} size={13} /> {type === 'story' ? 'Story' : 'Video'}
          </span>
        </span>
        <span className="meta-item" aria-label={`${item.views ?? 0} views`}>
          <Icon name="eye" size={15} /> {formatCount(item.views ?? 0)}
        </span>
      </div>
      <h3 className="card-title">
        <Link to={href}>{item.title}</Link>
      </h3>
      {item.matureGate ? (
        <p className="card-text mature-card-notice">
          <strong>Mature (18+).</strong> {user ? 'Turn on mature content in your settings to see it.' : 'Sign in and turn on mature content to see it.'}
        </p>
      ) : (
        <p className={`card-text ${textClassName}`}>{text}</p>
      )}
      {badges}
      <div className="card-actions">
        <LikeButtonFor type={type} item={item} signedIn={!!user} />
        <button type="button" className="btn btn-ghost btn-sm" aria-label={`Comments (${item.commentsCount ?? 0}): review activity`} onClick={openReview}>
          <Icon name="comment" size={16} /> <span>{item.commentsCount ?? 0}</span>
        </button>
        <ShareDropdown type={type} id={item.id} title={item.title} count={item.sharesCount ?? 0} />
        {showReviewButton && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={openReview}>
            Review
          </button>
        )}
      </div>
      <div className="card-footer">
        <AuthorLink user={item.user}>{authorHandle(item.user)}</AuthorLink>
        <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
      </div>
      {showCreatorActions && isOwner && <CreatorActions type={type} id={item.id} />}
    </>
  );
  return (
    <article className={`card ${type}-card clickable layout-${layout}${item.matureGate ? ' mature-gated' : ''}`} onClick={open}>
      {media ? (
        <>
          {media}
          <div className="card-body">{body}</div>
        </>
      ) : (
        body
      )}
      {review && (
        <ActivityDialog
          open
          onClose={() => setReview(false)}
          type={type}
          id={item.id}
          title={item.title}
          counts={{ likes: item.likesCount, shares: item.sharesCount, comments: item.commentsCount }}
          commentsHidden={!!item.matureGate}
        />
      )}
    </article>
  );
}
