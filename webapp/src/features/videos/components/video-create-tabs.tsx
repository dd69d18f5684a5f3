/** The tabs of the video creation form: Content, Video Settings, Audio (Publish: publish-fields). */
import { Icon } from '../../../components/ui/icons';
import { SelectField, SliderField, SwitchField, TextField } from '../../../components/ui/form';
import {
  ANIMATION_STYLES,
  ASPECT_RATIOS,
  GENRES,
  INTENSITY,
  MOODS,
  MUSIC,
  NARRATION_VOICES,
  PACINGS,
  PERSPECTIVES,
  RESOLUTIONS,
  TIMES_OF_DAY,
  VIDEO_DURATION,
  WEATHER,
} from '../../../lib/constants';
import { displayName, formatDuration } from '../../../lib/format';
import type { FieldSetter, FormErrors } from '../../../lib/use-validated-form';
import type { Story } from '../../../types/api';
import type { VideoForm } from '../lib/video-form';

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

/** Direct creation: the scene the video's story is written from. */
function SceneFields({ form, set, errors }: TabProps) {
  return (
    <>
      <div className="grid-2">
        <SelectField label="Genre *" value={form.genre} onChange={set('genre')} options={GENRES} placeholder="Select a genre" error={errors.genre} required />
        <SelectField label="Mood *" value={form.mood} onChange={set('mood')} options={MOODS} placeholder="Select a mood" error={errors.mood} required />
      </div>
      <TextField label="Setting *" value={form.setting} onChange={set('setting')} error={errors.setting} placeholder="A lighthouse where the lamp never goes out" />
      <TextField label="Characters *" value={form.characters} onChange={set('characters')} error={errors.characters} multiline rows={2} placeholder="The keeper, his drowned brother" />
      <div className="grid-2">
        <SelectField label="Time of day" value={form.timeOfDay} onChange={set('timeOfDay')} options={TIMES_OF_DAY} placeholder="Any time" />
        <SelectField label="Weather" value={form.weatherCondition} onChange={set('weatherCondition')} options={WEATHER} placeholder="Any weather" />
      </div>
      <div className="grid-2">
        <TextField label="Protagonist" value={form.protagonist} onChange={set('protagonist')} />
        <TextField label="Antagonist" value={form.antagonist} onChange={set('antagonist')} />
      </div>
      <div className="grid-2">
        <SelectField label="Narrative perspective" value={form.narrativePerspective} onChange={set('narrativePerspective')} options={PERSPECTIVES} />
        <SelectField label="Pacing" value={form.pacing} onChange={set('pacing')} options={PACINGS} />
      </div>
      <TextField label="Key elements" value={form.keyElements} onChange={set('keyElements')} />
      <TextField label="Plot twist" value={form.plotTwist} onChange={set('plotTwist')} />
      <TextField label="Custom prompt" value={form.customPrompt} onChange={set('customPrompt')} multiline rows={2} />
      <SwitchField label="Include dialogue" checked={form.includeDialogue} onChange={set('includeDialogue')} />
      <SwitchField label="Include rich description" checked={form.includeDescription} onChange={set('includeDescription')} />
    </>
  );
}

export function ContentTab(props: TabProps & { stories: Story[]; isMine: (s: Story) => boolean; onChooseStory: (id: string) => void }) {
  const { form, set, errors } = props;
  const fromStory = form.creationMode === 'from_story';
  return (
    <div className="stack">
      {fromStory && <StoryChoice {...props} onChoose={props.onChooseStory} />}
      <TextField label={fromStory ? 'Title *' : 'Title'} value={form.title} onChange={set('title')} error={errors.title} maxLength={100} placeholder="The Thing Beneath the Floorboards" />
      <TextField label="Description" value={form.description} onChange={set('description')} multiline rows={2} />
      {!fromStory && <SceneFields {...props} />}
      <SliderField label="Intensity" value={form.intensity} onChange={set('intensity')} min={INTENSITY.min} max={INTENSITY.max} display={`${form.intensity}/10`} error={errors.intensity} />
    </div>
  );
}

export function SettingsTab({ form, set, errors }: TabProps) {
  return (
    <div className="stack">
      <SelectField label="Animation style *" value={form.animationStyle} onChange={set('animationStyle')} options={ANIMATION_STYLES} placeholder="Select a style" error={errors.animationStyle} required />
      <SliderField
        label="Duration"
        value={form.duration}
        onChange={set('duration')}
        min={VIDEO_DURATION.min}
        max={VIDEO_DURATION.max}
        step={VIDEO_DURATION.step}
        display={formatDuration(form.duration)}
        error={errors.duration}
      />
      <div className="grid-2">
        <SelectField label="Aspect ratio" value={form.aspectRatio} onChange={set('aspectRatio')} options={ASPECT_RATIOS} />
        <SelectField label="Resolution" value={form.resolution} onChange={set('resolution')} options={RESOLUTIONS} />
      </div>
      <p className="muted small">The renderer caps output at 1080p; higher resolutions render at 1080p.</p>
    </div>
  );
}

export function AudioTab({ form, set, errors }: TabProps) {
  return (
    <div className="stack">
      <SelectField label="Narration voice *" value={form.narrationVoice} onChange={set('narrationVoice')} options={NARRATION_VOICES} placeholder="Select a voice" error={errors.narrationVoice} required />
      <SelectField label="Music & ambience" value={form.musicAmbience} onChange={set('musicAmbience')} options={MUSIC} />
      <SwitchField label="Subtitles" checked={form.subtitles} onChange={set('subtitles')} />
    </div>
  );
}
