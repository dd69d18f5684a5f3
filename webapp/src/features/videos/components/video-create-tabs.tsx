/** The tabs of the video creation form: Content, Video Settings, Audio (Publish: publish-fields). */
import { Icon } from '../../../components/ui/icons';
import { SelectField, SliderField, SwitchField, TextField } from '../../../components/ui/form';
import { IntensityField, SceneBasics, SceneDetails, type SceneHints } from '../../../components/content/scene-fields';
import { ANIMATION_STYLES, ASPECT_RATIOS, MUSIC, NARRATION_VOICES, RESOLUTIONS, VIDEO_DURATION } from '../../../lib/constants';
import { displayName, formatDuration } from '../../../lib/format';
import type { FieldSetter, FormErrors } from '../../../lib/use-validated-form';
import type { Story } from '../../../types/api';
import type { VideoForm } from '../lib/video-form';
import { useVoices, voiceNamed } from '../api/voices';
import { CAPTION_OPTIONS, VoiceSpeaker } from './voice-speaker';

export type TabProps = { form: VideoForm; set: FieldSetter<VideoForm>; errors: FormErrors<VideoForm> };

/** The select's label of a story: its title, and its author when it is someone else's. */
export const storyOptionLabel = (story: Story, mine: boolean) => (mine ? story.title : `${story.title} — by ${displayName(story.user)}`);

/** The story select (from-story mode) and the credit line when the story is someone else's. */
function StoryChoice({ form, errors, stories, isMine, onChoose }: TabProps & { stories: Story[]; isMine: (s: Story) => boolean; onChoose: (id: string) => void }) {
  const chosen = stories.find((s) => s.id === form.storyId);
  const credited = chosen && !isMine(chosen) ? chosen : null;
  return (
    <>
      <SelectField
        label="Story *"
        value={form.storyId ?? ''}
        onChange={onChoose}
        options={stories.map((s) => ({ value: s.id, label: storyOptionLabel(s, isMine(s)) }))}
        placeholder={stories.length ? 'Select one of your stories' : 'You have no stories yet'}
        error={errors.storyId}
        required
      />
      {credited && (
        <p className="muted small story-credit" role="note">
          <Icon name="book" size={14} /> Someone else's story: the video will credit “{credited.title}” by {displayName(credited.user)} and link to it.
        </p>
      )}
    </>
  );
}

const HINTS: SceneHints = { setting: 'A lighthouse where the lamp never goes out', characters: 'The keeper, his drowned brother' };

export function ContentTab(props: TabProps & { stories: Story[]; isMine: (s: Story) => boolean; onChooseStory: (id: string) => void }) {
  const { form, set, errors } = props;
  const fromStory = form.creationMode === 'from_story';
  return (
    <div className="stack">
      {fromStory && <StoryChoice {...props} onChoose={props.onChooseStory} />}
      <TextField label={fromStory ? 'Title *' : 'Title'} value={form.title} onChange={set('title')} error={errors.title} maxLength={100} placeholder="The Thing Beneath the Floorboards" />
      <TextField label="Description" value={form.description} onChange={set('description')} multiline rows={2} />
      {!fromStory && (
        <>
          <SceneBasics value={form} set={set} errors={errors} hints={HINTS} />
          <SceneDetails value={form} set={set} hints={HINTS} />
        </>
      )}
      <IntensityField value={form} set={set} errors={errors} />
    </div>
  );
}

export function SettingsTab({ form, set, errors }: TabProps) {
  return (
    <div className="stack">
      <SelectField label="Animation style *" value={form.animationStyle} onChange={set('animationStyle')} options={ANIMATION_STYLES} placeholder="Select a style" error={errors.animationStyle} required />
      <SliderField label="Duration" value={form.duration} onChange={set('duration')} range={VIDEO_DURATION} display={formatDuration(form.duration)} error={errors.duration} />
      <div className="grid-2">
        <SelectField label="Aspect ratio" value={form.aspectRatio} onChange={set('aspectRatio')} options={ASPECT_RATIOS} />
        <SelectField label="Resolution" value={form.resolution} onChange={set('resolution')} options={RESOLUTIONS} />
      </div>
      <p className="muted small">The renderer caps output at 1080p; higher resolutions render at 1080p.</p>
    </div>
  );
}

export function AudioTab({ form, set, errors }: TabProps) {
  const voices = useVoices();
  return (
    <div className="stack">
      <SelectField label="Narration voice *" value={form.narrationVoice} onChange={set('narrationVoice')} options={NARRATION_VOICES} placeholder="Select a voice" error={errors.narrationVoice} required />
      <VoiceSpeaker voice={voiceNamed(voices.data, form.narrationVoice)} />
      <SelectField label="Music & ambience" value={form.musicAmbience} onChange={set('musicAmbience')} options={MUSIC} />
      <SwitchField label="Subtitles" checked={form.subtitles} onChange={set('subtitles')} />
      {form.subtitles && <SelectField label="Captions" value={form.captions} onChange={set('captions')} options={CAPTION_OPTIONS} />}
    </div>
  );
}
