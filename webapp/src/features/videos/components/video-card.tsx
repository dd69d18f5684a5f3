import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ActivityDialog } from '../../../components/activity-dialog';
import { ShareDropdown } from '../../../components/share-dropdown';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { authorHandle, excerpt, formatCount, formatDate, formatDuration } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useShareVideo } from '../api/share-video';
import { VideoLikeButton } from './video-like-button';
import { VideoCreatorActions } from './video-creator-actions';
import { VideoStatusBadge } from './video-status-badge';
import type { Video } from '../../../types/api';

export function VideoCard({
  video,
  layout = 'grid',
  showReviewButton = false,
  showCreatorActions = false,
}: {
  video: Video;
  layout?: 'grid' | 'list';
  showReviewButton?: boolean;
  showCreatorActions?: boolean;
}) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [review, setReview] = useState(false);
  const share = useShareVideo();
  const isOwner = !!user && String(user.id) === String(video.userId);
  const open = (e: React.MouseEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('button, a, input, select, textarea, [role="menu"], [role="dialog"], .dialog-overlay')) return;
    navigate(`/video/${video.id}`);
  };
  return (
    <article className={`card video-card clickable layout-${layout}`} onClick={open}>
      <div className="video-thumb">
        {video.posterUrl ? (
          <img src={video.posterUrl} alt={`Poster for ${video.title}`} loading="lazy" />
        ) : (
          <div className="thumb-placeholder" aria-hidden="true">
            <Icon name="film" size={36} />
          </div>
        )}
        <span className="thumb-duration">{formatDuration(video.duration)}</span>
      </div>
      <div className="card-body">
        <div className="card-top">
          <span className="row-sm">
            <Badge variant="accent">{video.genre || 'Video'}</Badge>
            <span className="muted small">
              <Icon name="film" size={13} /> Video
            </span>
          </span>
          <span className="meta-item" aria-label={`${video.views ?? 0} views`}>
            <Icon name="eye" size={15} /> {formatCount(video.views ?? 0)}
          </span>
        </div>
        <h3 className="card-title">
          <Link to={`/video/${video.id}`}>{video.title}</Link>
        </h3>
        <p className="card-text clamp-2">{excerpt(video.description || video.content)}</p>
        <div className="badge-row">
          <VideoStatusBadge status={video.status} />
          {video.animationStyle && <Badge variant="outline">{video.animationStyle}</Badge>}
          {video.isPublic === false && <Badge variant="warning">Private</Badge>}
        </div>
        <div className="card-actions">
          <VideoLikeButton video={video} />
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Comments (${video.commentsCount ?? 0}): review activity`}
            onClick={(e) => {
              e.stopPropagation();
              setReview(true);
            }}
          >
            <Icon name="comment" size={16} /> <span>{video.commentsCount ?? 0}</span>
          </button>
          <ShareDropdown
            type="video"
            id={video.id}
            title={video.title}
            count={video.sharesCount ?? 0}
            onShare={({ platform, shareType }) => share.mutateAsync({ id: video.id, platform, shareType })}
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
          <span>{authorHandle(video.user)}</span>
          <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
        </div>
        {showCreatorActions && isOwner && <VideoCreatorActions video={video} />}
      </div>
      <ActivityDialog
        open={review}
        onClose={() => setReview(false)}
        type="video"
        id={video.id}
        title={video.title}
        counts={{ likes: video.likesCount, shares: video.sharesCount, comments: video.commentsCount }}
      />
    </article>
  );
}
