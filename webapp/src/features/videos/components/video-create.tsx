import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { Tabs } from '../../../components/ui/tabs';
import { getErrorMessage } from '../../../lib/api-client';
import { isSessionError, useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useValidatedForm } from '../../../lib/use-validated-form';
import type { Story } from '../../../types/api';
import { useCreateContent } from '../../../lib/content/content-mutations';
import { useGenerateVideo } from '../api/video-writes';
import {
  DEFAULT_VIDEO_FORM,
  VIDEO_FORM_TAB_OF,
  formFromStory,
  randomizeVideoForm,
  validateVideoForm,
  videoPayload,
  type VideoForm,
} from '../lib/video-form';
import { PublishFields } from './publish-fields';
import { AudioTab, ContentTab, SettingsTab } from './video-create-tabs';

const TABS = [
  { value: 'content', label: 'Content' },
  { value: 'settings', label: 'Video Settings' },
  { value: 'audio', label: 'Audio' },
  { value: 'publish', label: 'Publish' },
];

/**
 * The creation form: creates the video, starts its render, then opens its page, where the
 * render's real progress is shown. A render that could not start is reported as such.
 */
export function VideoCreate({ initial, stories }: { initial?: Partial<VideoForm>; stories: Story[] }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const isMine = (story: Story) => !!user && String(story.userId) === String(user.id);
  const { form, update, set, errors, tab, setTab, check } = useValidatedForm<VideoForm>({
    initial: { ...DEFAULT_VIDEO_FORM, ...initial },
    validate: validateVideoForm,
    tabOf: VIDEO_FORM_TAB_OF,
    firstTab: 'content',
  });
  const create = useCreateContent('video');
  const generate = useGenerateVideo();
  const [submitting, setSubmitting] = useState(false);

  const chooseStory = (value: string) => {
    const story = stories.find((s) => String(s.id) === value);
    if (!story) return update({ ...form, storyId: null });
    update({ ...form, ...formFromStory(story), title: form.title || story.title });
  };

  const randomize = () => {
    update(randomizeVideoForm(form));
    toast({ title: 'Random Settings Applied', description: 'A fresh nightmare recipe is ready.' });
  };

  const startRender = async (videoId: number) => {
    try {
      await generate.mutateAsync(videoId);
      toast({ title: 'Video Creation Started', description: 'Your horror video is being generated. This takes about 2-5 minutes.' });
      return true;
    } catch (error) {
      if (isSessionError(error)) return false;
      toast({
        title: 'Generation Failed',
        description: `Your video was saved, but its generation could not start: ${getErrorMessage(error)}`,
        variant: 'destructive',
      });
      return true;
    }
  };

  const submit = async () => {
    if (!check()) {
      toast({ title: 'Validation Error', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      const video = await create.mutateAsync(videoPayload(form));
      if (await startRender(video.id)) navigate(`/video/${video.id}`);
    } catch (error) {
      if (!isSessionError(error)) toast({ title: 'Creation Failed', description: getErrorMessage(error), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  const fromStory = form.creationMode === 'from_story';
  const tabProps = { form, set, errors };
  return (
    <div className="stack">
      <div className="row between wrap">
        <div className="segmented" role="group" aria-label="Creation mode">
          <button type="button" className={fromStory ? 'active' : ''} aria-pressed={fromStory} onClick={() => update({ ...form, creationMode: 'from_story' })} disabled={submitting}>
            <Icon name="book" size={15} /> From Story
          </button>
          <button type="button" className={!fromStory ? 'active' : ''} aria-pressed={!fromStory} onClick={() => update({ ...form, creationMode: 'direct' })} disabled={submitting}>
            <Icon name="sparkles" size={15} /> Direct Creation
          </button>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={randomize} disabled={submitting}>
          <Icon name="shuffle" size={15} /> Random Settings
        </button>
      </div>

      <div className="panel">
        <Tabs label="Video settings" idBase="video-create" value={tab} onChange={setTab} items={TABS} className="tabs-fill" />
        <fieldset disabled={submitting} className="tab-panel" role="tabpanel" id={`video-create-panel-${tab}`} aria-labelledby={`video-create-tab-${tab}`}>
          {tab === 'content' && <ContentTab {...tabProps} stories={stories} isMine={isMine} onChooseStory={chooseStory} />}
          {tab === 'settings' && <SettingsTab {...tabProps} />}
          {tab === 'audio' && <AudioTab {...tabProps} />}
          {tab === 'publish' && <PublishFields form={form} set={set} publicHint="Show this video on Explore" />}
        </fieldset>
      </div>

      <div className="row end wrap">
        <p className="muted small">Generation takes about 2-5 minutes after creation.</p>
        <button type="button" className="btn btn-primary btn-lg" onClick={submit} disabled={submitting}>
          <Icon name="film" size={18} /> {submitting ? 'Creating...' : 'Create Horror Video'}
        </button>
      </div>
    </div>
  );
}
