import { Skeleton } from '../../components/ui/skeleton';
import { ContentPage } from '../../components/content/content-routes';
import { StoryView } from '../../features/stories/components/story-view';
import { ContentLayout } from './content-layout';
import { SeriesNav } from '../../features/series/components/series-nav';

const loading = (
  <div className="container page story-layout">
    <div className="stack">
      <Skeleton className="skeleton-title" />
      <Skeleton className="skeleton-line" />
      <Skeleton className="skeleton-block" />
    </div>
  </div>
);

export default function StoryRoute() {
  return (
    <ContentPage type="story" skeleton={loading}>
      {(story) => (
        <ContentLayout type="story" item={story} adContext={{ story: story.id }}>
          <StoryView story={story} partOf={(where) => <SeriesNav story={story} where={where} />} />
        </ContentLayout>
      )}
    </ContentPage>
  );
}
