import { AdSlot } from '../../components/ad-slot';
import { Skeleton } from '../../components/ui/skeleton';
import { ContentPage } from '../../features/content/components/content-routes';
import { VideoView } from '../../features/videos/components/video-view';
import { CommentsSection } from '../../features/comments/components/comments-section';

const loading = (
  <div className="container page">
    <Skeleton className="skeleton-player" />
    <Skeleton className="skeleton-title" />
  </div>
);

export default function VideoRoute() {
  return (
    <ContentPage type="video" skeleton={loading}>
      {(video) => (
        <div className="container page story-layout">
          <div className="stack">
            <VideoView video={video} />
            <CommentsSection type="video" id={video.id} allowComments={video.allowComments !== false} />
          </div>
          <aside className="sidebar" aria-label="Sponsored">
            <AdSlot slot="sidebar" context={video.storyId ? { story: video.storyId } : undefined} />
          </aside>
        </div>
      )}
    </ContentPage>
  );
}
