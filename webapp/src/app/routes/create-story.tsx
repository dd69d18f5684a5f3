import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { firstMood } from '../../lib/format';
import { GENRES, MOODS } from '../../lib/constants';
import { useContent } from '../../lib/content/content-queries';
import { StoryCreate } from '../../features/stories/components/story-create';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNextPart } from '../../features/series/api/series';
import type { StorySettings } from '../../features/stories/components/story-settings-form';

/** The next part's form (GET /api/series/{id}/next) as the settings: the last part's, a new title. */
function fromForm(form: Record<string, unknown>): Partial<StorySettings> {
  const { suggestedTitle, mood, ...rest } = form;
  const known = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined));
  const first = firstMood(mood);
  return { ...(known as Partial<StorySettings>), title: String(suggestedTitle ?? ''), mood: MOODS.includes(first) ? first : '' };
}

/** /create, /create-story?from_video={id} which prefills from a video, and /create?series={id}:
 * the next part of a series, prefilled from its last part. */
export default function CreateStoryRoute() {
  useDocumentTitle('Create Story');
  const [params] = useSearchParams();
  const fromVideo = params.get('from_video');
  const videoId = Number(fromVideo);
  const video = useContent('video', videoId, !!fromVideo && Number.isFinite(videoId));
  const next = useNextPart(params.get('series') ? Number(params.get('series')) : null);
  if (next.isLoading) return <Spinner size="lg" />;
  if (next.data) return <StoryCreate key={`series-${next.data.seriesId}`} initial={fromForm(next.data.form)} series={next.data} />;
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
