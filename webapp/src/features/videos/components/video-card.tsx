import { ContentCard, type CardOptions } from '../../../components/content/content-card';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { cardText, formatDuration } from '../../../lib/format';
import { VideoStatusBadge } from './video-status-badge';
import { TagLinks } from '../../../components/content/tag-links';
import { WarningsBadge } from '../../../components/content/warnings-badge';
import type { Video, VideoCard as VideoCardItem } from '../../../types/api';

export function VideoCard({ video, ...options }: { video: Video | VideoCardItem } & CardOptions) {
  return (
    <ContentCard
      type="video"
      item={video}
      genre={video.genre || 'Video'}
      text={'excerpt' in video ? video.excerpt : cardText({}, video.description || video.content)}
      textClassName="clamp-2"
      {...options}
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
        <>
          <div className="badge-row">
            <VideoStatusBadge status={video.status} />
            {video.animationStyle && <Badge variant="outline">{video.animationStyle}</Badge>}
            {video.isPublic === false && <Badge variant="warning">Private</Badge>}
            {video.isMature && <Badge variant="danger">18+</Badge>}
            <WarningsBadge warnings={video.contentWarnings} />
          </div>
          <TagLinks tags={video.tags} className="card-tags" />
        </>
      }
    />
  );
}
