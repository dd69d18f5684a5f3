import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { firstMood } from '../../lib/format';
import { GENRES, MOODS } from '../../lib/constants';
import { useContent } from '../../lib/content/content-queries';
import { StoryCreate } from '../../features/stories/components/story-create';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /create, and /create-story?from_video={id} which prefills from a video. */
export default function CreateStoryRoute() {
  useDocumentTitle('Create Story');
  const [params] = useSearchParams();
  const fromVideo = params.get('from_video');
  const videoId = Number(fromVideo);
  const video = useContent('video', videoId, !!fromVideo && Number.isFinite(videoId));
  if (fromVideo && video.isLoading)
    return (
      <div className="page-loading">
        <Spinner size="lg" />
      </div>
    );
  const v = video.data;
  const mood = v ? firstMood(v.mood) : '';
  const initial = v
    ? {
        title: v.title ?? '',
        genre: GENRES.includes(v.genre) ? v.genre : '',
        mood: MOODS.includes(mood) ? mood : '',
        setting: v.setting ?? '',
        characters: v.characters ?? '',
        intensity: v.intensity ?? 5,
        timeOfDay: v.timeOfDay ?? '',
        weatherCondition: v.weatherCondition ?? '',
        protagonist: v.protagonist ?? '',
        antagonist: v.antagonist ?? '',
        keyElements: v.keyElements ?? '',
        plotTwist: v.plotTwist ?? '',
        customPrompt: v.customPrompt ?? '',
      }
    : undefined;
  return <StoryCreate key={v?.id ?? 'new'} initial={initial} />;
}
