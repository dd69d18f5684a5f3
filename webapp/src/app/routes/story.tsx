import { AdSlot } from '../../components/ad-slot';
import { Skeleton } from '../../components/ui/skeleton';
import { ContentPage } from '../../features/content/components/content-routes';
import { StoryView } from '../../features/stories/components/story-view';
import { CommentsSection } from '../../features/comments/components/comments-section';

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
        <div className="container page story-layout">
          <div className="stack">
            <StoryView story={story} />
            <CommentsSection type="story" id={story.id} allowComments={story.allowComments !== false} />
          </div>
          <aside className="sidebar" aria-label="Sponsored">
            <AdSlot slot="sidebar" context={{ story: story.id }} />
          </aside>
        </div>
      )}
    </ContentPage>
  );
}
