/** The video creation form: its fields, defaults, prefills and SPEC §5 validation. */
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
  RESOLUTIONS,
  TIMES_OF_DAY,
  VIDEO_DURATION,
  WEATHER,
} from '../../../lib/constants';
import { firstMood, randomItem } from '../../../lib/format';
import type { FormErrors } from '../../../lib/use-validated-form';
import { DEFAULT_SCENE, intensityError, validateScene, type Scene } from '../../../lib/content/scene';
import type { Story, Video } from '../../../types/api';
import { DEFAULT_LABELS, labelsOf, type Labels } from '../../../lib/content/labels';

export type CreationMode = 'from_story' | 'direct';

/** How the video is rendered: look, voice and size (the creation form and the editor). */
export type RenderSettings = {
  animationStyle: string;
  narrationVoice: string;
  musicAmbience: string;
  duration: number;
  aspectRatio: string;
  resolution: string;
};

export type Publishing = { isPublic: boolean; allowComments: boolean; allowDownload: boolean } & Labels;

export type VideoForm = Scene &
  RenderSettings &
  Publishing & {
    creationMode: CreationMode;
    storyId: number | null;
    title: string;
    description: string;
    content: string;
    subtitles: boolean;
    /** subtitles a cue at a time ('phrase') or with the spoken word highlighted ('word') */
    captions: string;
  };

export const DEFAULT_VIDEO_FORM: VideoForm = {
  ...DEFAULT_SCENE,
  creationMode: 'direct',
  storyId: null,
  title: '',
  description: DEFAULT_VIDEO_DESCRIPTION,
  content: '',
  animationStyle: 'Cinematic',
  narrationVoice: 'Deep Male',
  musicAmbience: 'Dark Atmospheric',
  duration: VIDEO_DURATION.default,
  aspectRatio: '16:9',
  resolution: '1080p',
  subtitles: true,
  captions: 'phrase',
  isPublic: true,
  allowComments: true,
  allowDownload: false,
  ...DEFAULT_LABELS,
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
    ...labelsOf(story), // a video of the story starts with its tags, warnings and 18+ flag
  };
}

/** The fields copied from an existing video ("Create from this"), its defaults where it has none. */
const COPIED_FROM_VIDEO = [
  'description', 'content', 'genre', 'setting', 'characters', 'plotTwist', 'keyElements', 'intensity', 'timeOfDay',
  'weatherCondition', 'protagonist', 'antagonist', 'narrativePerspective', 'pacing', 'customPrompt', 'animationStyle',
  'narrationVoice', 'musicAmbience', 'duration', 'aspectRatio', 'resolution',
] as const satisfies ReadonlyArray<keyof VideoForm>;

export function formFromVideo(video: Video): Partial<VideoForm> {
  const form: Partial<VideoForm> = {
    creationMode: video.creationMode === 'from_story' && video.storyId ? 'from_story' : 'direct',
    storyId: video.storyId ?? null,
    title: video.title ?? '',
    mood: firstMood(video.mood),
  };
  const values = video as unknown as Record<string, unknown>;
  for (const key of COPIED_FROM_VIDEO) (form as Record<string, unknown>)[key] = values[key] ?? DEFAULT_VIDEO_FORM[key];
  return form;
}

/** SPEC §5: the validation set depends on the creation mode. */
export function validateVideoForm(form: VideoForm): FormErrors<VideoForm> {
  const errors: FormErrors<VideoForm> = {};
  if (form.creationMode === 'from_story') {
    if (typeof form.storyId !== 'number' || !Number.isFinite(form.storyId)) errors.storyId = 'Please select a story';
    if (form.title.trim().length < 1) errors.title = 'Title is required';
  } else {
    validateScene(form, errors);
  }
  if (!form.animationStyle) errors.animationStyle = 'Animation style is required';
  if (!form.narrationVoice) errors.narrationVoice = 'Narration voice is required';
  if (form.duration < VIDEO_DURATION.min || form.duration > VIDEO_DURATION.max) errors.duration = 'Duration must be between 15 and 300 seconds';
  const intensity = intensityError(form.intensity);
  if (intensity) errors.intensity = intensity;
  return errors;
}

/** The tab each validated field is on. */
export const VIDEO_FORM_TAB_OF: Partial<Record<keyof VideoForm, string>> = {
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

/** "Random Settings": new look, voice and length; in direct mode also a new genre, mood and scene. */
export function randomizeVideoForm(form: VideoForm): VideoForm {
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
  return next;
}

/** The POST /api/videos body: the form, without a story id in direct mode. */
export function videoPayload(form: VideoForm): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...form };
  if (form.creationMode === 'direct') delete payload.storyId;
  return payload;
}
