import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress';
import { SelectField, SliderField, SwitchField, TextField } from '../../../components/ui/form';
import { Tabs } from '../../../components/ui/tabs';
import {
  ANIMATION_STYLES,
  ASPECT_RATIOS,
  DEFAULT_VIDEO_DESCRIPTION,
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
import { displayName, firstMood, formatDuration, randomItem } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/api-client';
import { handledUnauthorized, useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useCreateVideo } from '../api/create-video';
import { generateVideo } from '../api/generate-video';
import type { Story, Video } from '../../../types/api';

export type CreationMode = 'from_story' | 'direct';

export type VideoForm = {
  creationMode: CreationMode;
  storyId: number | null;
  title: string;
  description: string;
  content: string;
  genre: string;
  mood: string;
  setting: string;
  characters: string;
  plotTwist: string;
  keyElements: string;
  intensity: number;
  timeOfDay: string;
  weatherCondition: string;
  protagonist: string;
  antagonist: string;
  narrativePerspective: string;
  pacing: string;
  customPrompt: string;
  includeDialogue: boolean;
  includeDescription: boolean;
  animationStyle: string;
  narrationVoice: string;
  musicAmbience: string;
  duration: number;
  aspectRatio: string;
  resolution: string;
  subtitles: boolean;
  isPublic: boolean;
  allowComments: boolean;
  allowDownload: boolean;
};

export const DEFAULT_VIDEO_FORM: VideoForm = {
  creationMode: 'direct',
  storyId: null,
  title: '',
  description: DEFAULT_VIDEO_DESCRIPTION,
  content: '',
  genre: '',
  mood: '',
  setting: '',
  characters: '',
  plotTwist: '',
  keyElements: '',
  intensity: INTENSITY.default,
  timeOfDay: '',
  weatherCondition: '',
  protagonist: '',
  antagonist: '',
  narrativePerspective: 'Third Person',
  pacing: 'Moderate',
  customPrompt: '',
  includeDialogue: true,
  includeDescription: true,
  animationStyle: 'Cinematic',
  narrationVoice: 'Deep Male',
  musicAmbience: 'Dark Atmospheric',
  duration: VIDEO_DURATION.default,
  aspectRatio: '16:9',
  resolution: '1080p',
  subtitles: true,
  isPublic: true,
  allowComments: true,
  allowDownload: false,
};

export function formFromStory(story: Story): Partial<VideoForm> {
  return {
    creationMode: 'from_story',
    storyId: story.id,
    title: story.title ?? '',
    content: story.content ?? '',
    genre: story.genre ?? '',
    mood: firstMood(story.mood),
    setting: story.setting ?? '',
    characters: story.characters ?? '',
    intensity: story.intensity ?? INTENSITY.default,
    plotTwist: story.plotTwist ?? '',
    keyElements: story.keyElements ?? '',
  };
}

export function formFromVideo(video: Video): Partial<VideoForm> {
  const pick = <K extends keyof VideoForm>(key: K, fallback: VideoForm[K]): VideoForm[K] =>
    ((video as any)[key] ?? fallback) as VideoForm[K];
  return {
    creationMode: video.creationMode === 'from_story' && video.storyId ? 'from_story' : 'direct',
    storyId: video.storyId ?? null,
    title: video.title ?? '',
    description: pick('description', DEFAULT_VIDEO_DESCRIPTION),
    content: pick('content', ''),
    genre: pick('genre', ''),
    mood: firstMood(video.mood),
    setting: pick('setting', ''),
    characters: pick('characters', ''),
    plotTwist: pick('plotTwist', ''),
    keyElements: pick('keyElements', ''),
    intensity: pick('intensity', INTENSITY.default),
    timeOfDay: pick('timeOfDay', ''),
    weatherCondition: pick('weatherCondition', ''),
    protagonist: pick('protagonist', ''),
    antagonist: pick('antagonist', ''),
    narrativePerspective: pick('narrativePerspective', 'Third Person'),
    pacing: pick('pacing', 'Moderate'),
    customPrompt: pick('customPrompt', ''),
    animationStyle: pick('animationStyle', 'Cinematic'),
    narrationVoice: pick('narrationVoice', 'Deep Male'),
    musicAmbience: pick('musicAmbience', 'Dark Atmospheric'),
    duration: pick('duration', VIDEO_DURATION.default),
    aspectRatio: pick('aspectRatio', '16:9'),
    resolution: pick('resolution', '1080p'),
  };
}

type Errors = Partial<Record<keyof VideoForm, string>>;

/** SPEC §5: the validation set depends on the creation mode. */
export function validateVideoForm(form: VideoForm): Errors {
  const errors: Errors = {};
  if (form.creationMode === 'from_story') {
    if (typeof form.storyId !== 'number' || !Number.isFinite(form.storyId)) errors.storyId = 'Please select a story';
    if (form.title.trim().length < 1) errors.title = 'Title is required';
  } else {
    if (!form.genre) errors.genre = 'Genre is required';
    if (!form.mood) errors.mood = 'Mood is required';
    if (!form.setting.trim()) errors.setting = 'Setting is required';
    if (!form.characters.trim()) errors.characters = 'Characters are required';
  }
  if (!form.animationStyle) errors.animationStyle = 'Animation style is required';
  if (!form.narrationVoice) errors.narrationVoice = 'Narration voice is required';
  if (form.duration < VIDEO_DURATION.min || form.duration > VIDEO_DURATION.max) errors.duration = 'Duration must be between 15 and 300 seconds';
  if (form.intensity < INTENSITY.min || form.intensity > INTENSITY.max) errors.intensity = 'Intensity must be 1-10';
  return errors;
}

const TAB_OF: Partial<Record<keyof VideoForm, string>> = {
  storyId: 'content',
  title: 'content',
  genre: 'content',
  mood: 'content',
  setting: 'content',
  characters: 'content',
  intensity: 'content',
  animationStyle: 'settings',
  duration: 'settings',
  narrationVoice: 'audio',
};

const SPOOKY_MESSAGES = [
  'Summoning the shadows...',
  'Stitching together the frames...',
  'Whispering to the narrator...',
  'Tuning the dread...',
  'Lighting the candles...',
  'Waking the things in the attic...',
];

/** The select's label of a story: its title, and its author when it is someone else's. */
export const storyOptionLabel = (story: Story, mine: boolean) => (mine ? story.title : `${story.title} — by ${displayName(story.user)}`);

export function VideoCreate({ initial, stories }: { initial?: Partial<VideoForm>; stories: Story[] }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const isMine = (story: Story) => !!user && String(story.userId) === String(user.id);
  const [form, setForm] = useState<VideoForm>({ ...DEFAULT_VIDEO_FORM, ...initial });
  const [errors, setErrors] = useState<Errors>({});
  const [tab, setTab] = useState('content');
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const create = useCreateVideo();
  const submitting = create.isPending || progress > 0;

  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current);
  }, []);

  const update = (next: VideoForm) => {
    setForm(next);
    if (Object.keys(errors).length) setErrors(validateVideoForm(next));
  };
  const set = <K extends keyof VideoForm>(key: K) => (v: VideoForm[K]) => update({ ...form, [key]: v });

  const chooseStory = (value: string) => {
    const story = stories.find((s) => String(s.id) === value);
    if (!story) return update({ ...form, storyId: null });
    update({ ...form, ...formFromStory(story), title: form.title || story.title });
  };

  const randomize = () => {
    const next: VideoForm = {
      ...form,
      animationStyle: randomItem(ANIMATION_STYLES),
      narrationVoice: randomItem(NARRATION_VOICES),
      musicAmbience: randomItem(MUSIC),
      duration: VIDEO_DURATION.min * (1 + Math.floor(Math.random() * (VIDEO_DURATION.max / VIDEO_DURATION.min))),
      aspectRatio: randomItem(ASPECT_RATIOS),
      resolution: randomItem(RESOLUTIONS),
      intensity: 1 + Math.floor(Math.random() * 10),
    };
    if (form.creationMode === 'direct') {
      next.genre = randomItem(GENRES);
      next.mood = randomItem(MOODS);
      next.timeOfDay = randomItem(TIMES_OF_DAY);
      next.weatherCondition = randomItem(WEATHER);
      next.pacing = randomItem(PACINGS);
    }
    update(next);
    toast({ title: 'Random Settings Applied', description: 'A fresh nightmare recipe is ready.' });
  };

  const stopProgress = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const submit = async () => {
    const found = validateVideoForm(form);
    setErrors(found);
    const keys = Object.keys(found) as (keyof VideoForm)[];
    if (keys.length) {
      setTab(TAB_OF[keys[0]] ?? 'content');
      toast({ title: 'Validation Error', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    setProgress(10);
    setMessage(randomItem(SPOOKY_MESSAGES));
    timer.current = setInterval(() => {
      setProgress((p) => Math.min(90, p + 10));
      setMessage(randomItem(SPOOKY_MESSAGES));
    }, 200);
    const payload: Record<string, unknown> = { ...form, mood: form.mood };
    if (form.creationMode === 'direct') delete payload.storyId;
    try {
      const video = await create.mutateAsync(payload);
      stopProgress();
      setProgress(100);
      setMessage('Your video is ready to render.');
      try {
        await generateVideo(video.id);
        toast({ title: 'Video Creation Started', description: 'Your horror video is being generated. This takes about 2-5 minutes.' });
      } catch {
        toast({ title: 'Success', description: 'Video created successfully!', variant: 'success' });
      }
      navigate(`/video/${video.id}`);
    } catch (error) {
      stopProgress();
      setProgress(0);
      if (handledUnauthorized(error)) return;
      toast({ title: 'Creation Failed', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  const fromStory = form.creationMode === 'from_story';
  const chosen = stories.find((s) => s.id === form.storyId);
  const credited = fromStory && chosen && !isMine(chosen) ? chosen : null;
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
        <Tabs
          label="Video settings"
          idBase="video-create"
          value={tab}
          onChange={setTab}
          items={[
            { value: 'content', label: 'Content' },
            { value: 'settings', label: 'Video Settings' },
            { value: 'audio', label: 'Audio' },
            { value: 'publish', label: 'Publish' },
          ]}
        />
        <fieldset disabled={submitting} className="tab-panel" role="tabpanel" id={`video-create-panel-${tab}`} aria-labelledby={`video-create-tab-${tab}`}>
          {tab === 'content' && (
            <div className="stack">
              {fromStory && (
                <SelectField
                  label="Story *"
                  value={form.storyId ?? ''}
                  onChange={chooseStory}
                  options={stories.map((s) => ({ value: s.id, label: storyOptionLabel(s, isMine(s)) }))}
                  placeholder={stories.length ? 'Select one of your stories' : 'You have no stories yet'}
                  error={errors.storyId}
                  required
                />
              )}
              {credited && (
                <p className="muted small story-credit" role="note">
                  <Icon name="book" size={14} /> Someone else's story: the video will credit “{credited.title}” by {displayName(credited.user)} and link to it.
                </p>
              )}
              <TextField label={fromStory ? 'Title *' : 'Title'} value={form.title} onChange={set('title')} error={errors.title} maxLength={100} placeholder="The Thing Beneath the Floorboards" />
              <TextField label="Description" value={form.description} onChange={set('description')} multiline rows={2} />
              {!fromStory && (
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
              )}
              <SliderField label="Intensity" value={form.intensity} onChange={set('intensity')} min={INTENSITY.min} max={INTENSITY.max} display={`${form.intensity}/10`} error={errors.intensity} />
            </div>
          )}
          {tab === 'settings' && (
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
          )}
          {tab === 'audio' && (
            <div className="stack">
              <SelectField label="Narration voice *" value={form.narrationVoice} onChange={set('narrationVoice')} options={NARRATION_VOICES} placeholder="Select a voice" error={errors.narrationVoice} required />
              <SelectField label="Music & ambience" value={form.musicAmbience} onChange={set('musicAmbience')} options={MUSIC} />
              <SwitchField label="Subtitles" checked={form.subtitles} onChange={set('subtitles')} />
            </div>
          )}
          {tab === 'publish' && (
            <div className="stack">
              <SwitchField label="Public" hint="Show this video on Explore" checked={form.isPublic} onChange={set('isPublic')} />
              <SwitchField label="Allow comments" checked={form.allowComments} onChange={set('allowComments')} />
              <SwitchField label="Allow download" checked={form.allowDownload} onChange={set('allowDownload')} />
            </div>
          )}
        </fieldset>
      </div>

      {progress > 0 && <ProgressBar value={progress} message={message} label="Video creation progress" />}
      <div className="row end wrap">
        <p className="muted small">Generation takes about 2-5 minutes after creation.</p>
        <button type="button" className="btn btn-primary btn-lg" onClick={submit} disabled={submitting}>
          <Icon name="film" size={18} /> {submitting ? 'Creating...' : 'Create Horror Video'}
        </button>
      </div>
    </div>
  );
}

/** The chooser shown without ?from_story / ?from_video. */
export function VideoChooser({ onFromStory, onDirect }: { onFromStory: () => void; onDirect: () => void }) {
  return (
    <div className="chooser">
      <button type="button" className="chooser-card" onClick={onFromStory}>
        <Icon name="book" size={40} />
        <h2>From Existing Story</h2>
        <p className="muted">Pick one of your stories and turn it into a narrated horror video.</p>
      </button>
      <button type="button" className="chooser-card" onClick={onDirect}>
        <Icon name="sparkles" size={40} />
        <h2>Create New Video</h2>
        <p className="muted">Describe a nightmare from scratch and let the AI write and narrate it.</p>
      </button>
      <p className="chooser-note muted small">8 animation styles · 8 narration voices · up to 5 minutes long</p>
    </div>
  );
}
