import { Link, useParams } from 'react-router-dom';
import { StatusPage } from '../../components/status-page';
import { Spinner } from '../../components/ui/spinner';
import { getErrorStatus } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useContent } from '../../features/content/api/content-queries';
import { StoryEditor } from '../../features/stories/components/story-editor';
import { useDocumentTitle } from '../../lib/use-document-title';

const goHome = (
  <Link to="/" className="btn btn-primary">
    Go Home
  </Link>
);

/** /story/{id}/edit and /story-editor/{id}. */
export default function StoryEditRoute() {
  useDocumentTitle('Edit Story');
  const { id } = useParams();
  const { user } = useAuth();
  const valid = /^\d+$/.test(id ?? '');
  const story = useContent('story', Number(id), valid);
  if (valid && story.isLoading)
    return (
      <div className="page-loading">
        <Spinner size="lg" label="Loading story" />
      </div>
    );
  if (!valid || story.isError || !story.data) {
    const status = getErrorStatus(story.error);
    if (status && status !== 404 && status !== 403) {
      return <StatusPage title="Failed to fetch story" message="Please try again in a moment." actions={goHome} />;
    }
    return <StatusPage title="Story Not Found" message="The story you're looking for doesn't exist." actions={goHome} />;
  }
  if (!user || String(user.id) !== String(story.data.userId)) {
    return <StatusPage title="Access Denied" icon="shield" message="You can only edit your own stories." actions={goHome} />;
  }
  return <StoryEditor story={story.data} />;
}
