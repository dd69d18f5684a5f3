import { Link, useParams } from 'react-router-dom';
import { StatusPage } from '../../components/status-page';
import { Spinner } from '../../components/ui/spinner';
import { getErrorStatus } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useContent } from '../../features/content/api/content-queries';
import { VideoEditor } from '../../features/videos/components/video-editor';
import { useDocumentTitle } from '../../lib/use-document-title';

const goHome = (
  <Link to="/" className="btn btn-primary">
    Go Home
  </Link>
);

export default function VideoEditorRoute() {
  useDocumentTitle('Video Editor');
  const { id } = useParams();
  const { user } = useAuth();
  const valid = /^\d+$/.test(id ?? '');
  const video = useContent('video', Number(id), valid);
  if (!valid) return <StatusPage title="Invalid video ID" message="The address does not point to a video." actions={goHome} />;
  if (video.isLoading)
    return (
      <div className="page-loading">
        <Spinner size="lg" label="Loading video" />
      </div>
    );
  if (video.isError || !video.data) {
    const status = getErrorStatus(video.error);
    if (status && status !== 404 && status !== 403) return <StatusPage title="Failed to fetch video" message="Please try again in a moment." actions={goHome} />;
    return <StatusPage title="Video not found" message="The video you're looking for doesn't exist or has been removed." actions={goHome} />;
  }
  if (!user || String(user.id) !== String(video.data.userId)) {
    return <StatusPage title="Access Denied" icon="shield" message="You can only edit your own videos." actions={goHome} />;
  }
  return <VideoEditor key={video.data.id} video={video.data} />;
}
