import { useParams, useNavigate } from 'react-router-dom';
import { StatusPage } from '../../components/status-page';
import { AdSlot } from '../../components/ad-slot';
import { Skeleton } from '../../components/ui/skeleton';
import { getErrorStatus } from '../../lib/api-client';
import { useContent, useContentCommunity } from '../../features/content/api/content-queries';
import { StoryView } from '../../features/stories/components/story-view';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function StoryRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  const storyId = Number(id);
  const valid = /^\d+$/.test(id ?? '');
  const story = useContent('story', storyId, valid);
  const community = useContentCommunity('story', storyId, { enabled: valid && story.isSuccess });
  useDocumentTitle(story.isError || !valid ? 'Story Not Found' : story.data?.title);

  if (!valid || story.isError) {
    const status = getErrorStatus(story.error);
    if (!valid || status === 404 || status === 403) {
      return (
        <StatusPage
          title="Story Not Found"
          message="The story you're looking for doesn't exist or has been removed."
          actions={
            <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
              Go Back
            </button>
          }
        />
      );
    }
    return <StatusPage title="Failed to fetch story" message="Please try again in a moment." actions={<button type="button" className="btn btn-primary" onClick={() => story.refetch()}>Retry</button>} />;
  }
  if (story.isLoading || !story.data) {
    return (
      <div className="container page story-layout">
        <div className="stack">
          <Skeleton className="skeleton-title" />
          <Skeleton className="skeleton-line" />
          <Skeleton className="skeleton-block" />
        </div>
      </div>
    );
  }
  const merged = { ...story.data, ...(community.data ?? {}) };
  return (
    <div className="container page story-layout">
      <div className="stack">
        <StoryView story={merged} />
        <CommentsSection type="story" id={merged.id} allowComments={merged.allowComments !== false} />
      </div>
      <aside className="sidebar" aria-label="Sponsored">
        <AdSlot slot="sidebar" context={{ story: merged.id }} />
      </aside>
    </div>
  );
}
