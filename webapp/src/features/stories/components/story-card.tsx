import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ActivityDialog } from '../../../components/activity-dialog';
import { ShareDropdown } from '../../../components/share-dropdown';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { authorHandle, excerpt, firstMood, formatCount, formatDate } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useShareStory } from '../api/share-story';
import { StoryLikeButton } from './story-like-button';
import { StoryCreatorActions } from './story-creator-actions';
import type { Story } from '../../../types/api';

/** Feed card (dashboard and explore). */
export function StoryCard({
  story,
  layout = 'grid',
  showReviewButton = false,
  showCreatorActions = false,
}: {
  story: Story;
  layout?: 'grid' | 'list';
  showReviewButton?: boolean;
  showCreatorActions?: boolean;
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [review, setReview] = useState(false);
  const share = useShareStory();
  const isOwner = !!user && String(user.id) === String(story.userId);
  const open = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('button, a, input, select, textarea, [role="menu"], [role="dialog"], .dialog-overlay')) return;
    navigate(`/story/${story.id}`);
  };
  const mood = firstMood(story.mood);
  return (
    <article className={`card story-card clickable layout-${layout}`} onClick={open}>
      <div className="card-top">
        <span className="row-sm">
          <Badge variant="accent">{story.genre}</Badge>
          <span className="muted small">
            <Icon name="book" size={13} /> Story
          </span>
        </span>
        <span className="meta-item" aria-label={`${story.views ?? 0} views`}>
          <Icon name="eye" size={15} /> {formatCount(story.views ?? 0)}
        </span>
      </div>
      <h3 className="card-title">
        <Link to={`/story/${story.id}`}>{story.title}</Link>
      </h3>
      <p className="card-text clamp-3">{excerpt(story.content)}</p>
      {(mood || story.intensity) && (
        <div className="badge-row">
          {mood && <Badge variant="outline">{mood}</Badge>}
          {story.intensity ? <Badge variant="outline">Intensity {story.intensity}/10</Badge> : null}
          {story.isPublic === false && <Badge variant="warning">Private</Badge>}
        </div>
      )}
      <div className="card-actions">
        <StoryLikeButton story={story} />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={`Comments (${story.commentsCount ?? 0}): review activity`}
          onClick={(e) => {
            e.stopPropagation();
            setReview(true);
          }}
        >
          <Icon name="comment" size={16} /> <span>{story.commentsCount ?? 0}</span>
        </button>
        <ShareDropdown
          type="story"
          id={story.id}
          title={story.title}
          count={story.sharesCount ?? 0}
          onShare={({ platform, shareType }) => share.mutateAsync({ id: story.id, platform, shareType })}
        />
        {showReviewButton && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={(e) => {
              e.stopPropagation();
              setReview(true);
            }}
          >
            Review
          </button>
        )}
      </div>
      <div className="card-footer">
        <span>{authorHandle(story.user)}</span>
        <time dateTime={story.createdAt}>{formatDate(story.createdAt)}</time>
      </div>
      {showCreatorActions && isOwner && <StoryCreatorActions story={story} />}
      <ActivityDialog
        open={review}
        onClose={() => setReview(false)}
        type="story"
        id={story.id}
        title={story.title}
        counts={{ likes: story.likesCount, shares: story.sharesCount, comments: story.commentsCount }}
      />
    </article>
  );
}
