import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatDuration } from '../../../lib/format';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useUserVideos } from '../api/get-user-videos';
import { useDeleteVideo } from '../api/delete-video';
import { VideoStatusBadge } from './video-status-badge';
import type { Video } from '../../../types/api';

/** Profile: My Videos. */
export function MyVideosList({ userId }: { userId: string | number }) {
  const videos = useUserVideos(userId);
  if (videos.isLoading)
    return (
      <div className="stack">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="skeleton-row" />
        ))}
      </div>
    );
  if (videos.isError) return <p className="muted">Failed to fetch user videos</p>;
  if (!videos.data?.length)
    return (
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
    );
  return (
    <ul className="item-list">
      {videos.data.map((video) => (
        <MyVideoRow key={video.id} video={video} />
      ))}
    </ul>
  );
}

function MyVideoRow({ video }: { video: Video }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteVideo();
  return (
    <li className="item-row">
      <div className="item-thumb">
        {video.posterUrl ? <img src={video.posterUrl} alt={`Poster for ${video.title}`} loading="lazy" /> : <Icon name="film" size={26} />}
      </div>
      <div className="item-main">
        <Link to={`/video/${video.id}`} className="item-title">
          {video.title}
        </Link>
        <div className="badge-row">
          <VideoStatusBadge status={video.status} />
          <span className="muted small">
            {formatDuration(video.duration)} · {formatDate(video.createdAt)}
          </span>
        </div>
      </div>
      <div className="item-actions">
        <Link to={`/video/${video.id}`} className="btn btn-ghost btn-xs">
          <Icon name="play" size={14} /> View
        </Link>
        <Link to={`/create-video?from_video=${video.id}`} className="btn btn-ghost btn-xs">
          <Icon name="copy" size={14} /> Create from this
        </Link>
        <button type="button" className="btn btn-ghost btn-xs danger-text" onClick={() => setConfirm(true)}>
          <Icon name="trash" size={14} /> Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete video?"
        description="Are you sure you want to delete this video? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(video.id, {
            onSuccess: () => {
              setConfirm(false);
              toast({ title: 'Video deleted successfully' });
            },
            onError: (error) => {
              setConfirm(false);
              if (handledUnauthorized(error)) return;
              toast({ title: 'Error', description: 'Failed to delete video', variant: 'destructive' });
            },
          })
        }
      />
    </li>
  );
}
