import { ContentCard } from '../../../components/content-card';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { excerpt, formatDuration } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useShareContent } from '../../content/api/content-mutations';
import { LikeButton } from '../../content/components/like-button';
import { CreatorActions } from '../../content/components/creator-actions';
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
  const { user } = useAuth();
  const share = useShareContent('video');
  const isOwner = !!user && String(user.id) === String(video.userId);
  return (
    <ContentCard
      type="video"
      item={video}
      genre={video.genre || 'Video'}
      text={excerpt(video.description || video.content)}
      textClassName="clamp-2"
      layout={layout}
      media={
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
      }
      badges={
        <div className="badge-row">
          <VideoStatusBadge status={video.status} />
          {video.animationStyle && <Badge variant="outline">{video.animationStyle}</Badge>}
          {video.isPublic === false && <Badge variant="warning">Private</Badge>}
        </div>
      }
      likeButton={<LikeButton type="video" item={video} />}
      onShare={({ platform, shareType }) => share.mutateAsync({ id: video.id, platform, shareType })}
      showReviewButton={showReviewButton}
      creatorActions={showCreatorActions && isOwner && <CreatorActions type="video" id={video.id} />}
    />
  );
}
