import { Link } from 'react-router-dom';
import { OwnedList } from '../../../components/content/owned-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { formatDate, formatDuration } from '../../../lib/format';
import { VideoStatusBadge } from './video-status-badge';
import type { Video } from '../../../types/api';

/** Profile: My Videos. */
export function MyVideosList({ userId }: { userId: string | number }) {
  return (
    <OwnedList
      type="video"
      userId={userId}
      empty={
        <EmptyState
          title="No videos generated yet"
          icon="film"
          hint="Turn one of your stories into a narrated video."
          action={
            <Link to="/create-video" className="btn btn-outline">
              Create Video
            </Link>
          }
        />
      }
      row={videoRow}
    />
  );
}

/** A row's parts: the poster, details and the owner's actions. */
function videoRow(video: Video) {
  return {
    thumb: video.posterUrl ? <img src={video.posterUrl} alt={`Poster for ${video.title}`} loading="lazy" /> : <Icon name="film" size={26} />,
    details: (
      <div className="badge-row">
        <VideoStatusBadge status={video.status} />
        <span className="muted small">
          {formatDuration(video.duration)} · {formatDate(video.createdAt)}
        </span>
      </div>
    ),
    actions: (
      <>
        <Link to={`/video/${video.id}`} className="btn btn-ghost btn-xs">
          <Icon name="play" size={14} /> View
        </Link>
        <Link to={`/create-video?from_video=${video.id}`} className="btn btn-ghost btn-xs">
          <Icon name="copy" size={14} /> Create from this
        </Link>
      </>
    ),
  };
}
