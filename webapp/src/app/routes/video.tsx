import { Skeleton } from '../../components/ui/skeleton';
import { ContentPage } from '../../components/content/content-routes';
import { VideoView } from '../../features/videos/components/video-view';
import { ContentLayout } from './content-layout';

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
        <ContentLayout type="video" item={video} adContext={video.storyId ? { story: video.storyId } : undefined}>
          <VideoView video={video} />
        </ContentLayout>
      )}
    </ContentPage>
  );
}
