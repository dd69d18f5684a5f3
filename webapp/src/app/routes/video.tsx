import { useNavigate, useParams } from 'react-router-dom';
import { StatusPage } from '../../components/status-page';
import { AdSlot } from '../../components/ad-slot';
import { Skeleton } from '../../components/ui/skeleton';
import { getErrorStatus } from '../../lib/api-client';
import { useContent, useContentCommunity } from '../../features/content/api/content-queries';
import { VideoView } from '../../features/videos/components/video-view';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function VideoRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  const videoId = Number(id);
  const valid = /^\d+$/.test(id ?? '');
  const video = useContent('video', videoId, valid);
  const live = useContentCommunity('video', videoId, { enabled: valid && video.isSuccess });
  useDocumentTitle(video.isError || !valid ? 'Video Not Found' : video.data?.title);

  if (!valid || video.isError) {
    const status = getErrorStatus(video.error);
    if (!valid || status === 404 || status === 403) {
      return (
        <StatusPage
          title="Video Not Found"
          message="The video you're looking for doesn't exist or has been removed."
          actions={
            <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
              Go Back
            </button>
          }
        />
      );
    }
    return <StatusPage title="Failed to fetch video" message="Please try again in a moment." actions={<button type="button" className="btn btn-primary" onClick={() => video.refetch()}>Retry</button>} />;
  }
  if (video.isLoading || !video.data) {
    return (
      <div className="container page">
        <Skeleton className="skeleton-player" />
        <Skeleton className="skeleton-title" />
      </div>
    );
  }
  const merged = { ...video.data, ...(live.data ?? {}) };
  return (
    <div className="container page story-layout">
      <div className="stack">
        <VideoView video={merged} />
        <CommentsSection type="video" id={merged.id} allowComments={merged.allowComments !== false} />
      </div>
      <aside className="sidebar" aria-label="Sponsored">
        <AdSlot slot="sidebar" context={merged.storyId ? { story: merged.storyId } : undefined} />
      </aside>
    </div>
  );
}
