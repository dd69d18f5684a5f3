import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../lib/auth';
import { useContent, useUserContent } from '../../lib/content/content-queries';
import { StoryPicker } from '../../features/stories/components/story-picker';
import { VideoCreate } from '../../features/videos/components/video-create';
import { VideoChooser } from '../../features/videos/components/video-chooser';
import { formFromStory, formFromVideo } from '../../features/videos/lib/video-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from '../../components/page-header';
import { EmptyState } from '../../components/ui/empty-state';
import { NO_VIDEOS } from '../../features/stories/components/video-consent';
import { Link, useSearchParams } from 'react-router-dom';

export default function CreateVideoRoute() {
  useDocumentTitle('Create Video');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const fromStory = params.get('from_story');
  const fromVideo = params.get('from_video');
  const step = params.get('mode');
  const stories = useUserContent('story', user?.id);
  const story = useContent('story', Number(fromStory), !!fromStory && /^\d+$/.test(fromStory));
  const video = useContent('video', Number(fromVideo), !!fromVideo && /^\d+$/.test(fromVideo));

  let body: React.ReactNode;
  if ((fromStory && story.isLoading) || (fromVideo && video.isLoading)) {
    body = (
      <div className="page-loading">
        <Spinner size="lg" />
      </div>
    );
  } else if (fromStory && story.data && story.data.allowVideos === false && String(story.data.userId) !== String(user?.id)) {
    body = (
      <EmptyState
        title={NO_VIDEOS}
        hint="Its author has not given consent to videos of it."
        icon="film"
        action={
          <Link to={`/story/${story.data.id}`} className="btn btn-outline">
            Back to the story
          </Link>
        }
      />
    );
  } else if (fromStory || fromVideo || step === 'direct') {
    const initial = fromStory && story.data ? formFromStory(story.data) : fromVideo && video.data ? formFromVideo(video.data) : { creationMode: 'direct' as const };
    // Your own stories; a public story of someone else's that you chose to make a video from
    // (its link page offers that) is listed too, by title and author, and will be credited.
    const own = stories.data ?? [];
    const linked = fromStory && story.data && !own.some((s) => s.id === story.data!.id) ? [story.data] : [];
    body = <VideoCreate key={`${fromStory}-${fromVideo}-${step}`} initial={initial} stories={[...linked, ...own]} />;
  } else if (step === 'pick') {
    body = <StoryPicker userId={user!.id} onSelect={(id) => setParams({ from_story: String(id) })} onBack={() => setParams({})} />;
  } else {
    body = <VideoChooser onFromStory={() => setParams({ mode: 'pick' })} onDirect={() => setParams({ mode: 'direct' })} />;
  }
  return (
    <div className="container page narrow">
      <PageHeader icon="film" title="Create a Horror Video">
        <p className="muted">Narrated, animated nightmares. Generation takes about 2-5 minutes.</p>
      </PageHeader>
      {body}
    </div>
  );
}
