/** Business constants and choice lists of SPEC §5 and §9. */
import * as gen from '../types/api.gen';

export const FEATURED_STORIES = 6;
export const EXCERPT_LENGTH = 150;
export const DASHBOARD_FEED_LIMIT = 6;
export const AUTH_USER_STALE_TIME = 300000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1000000;
export const TOAST_DEFAULT_DURATION = 5000;
export const LOGIN_REDIRECT_DELAY = 500;
export const COPY_CONFIRMATION_MS = 2000;
export const SEARCH_DEBOUNCE_MS = 300;
export const AD_EVERY_N_STORIES = 6;
export const EXPLORE_SKELETONS = 6;
export const EXPLORE_PAGE_SIZE = 24;
/** Explore's cards drawn at once when a feed arrives (a phone's screenful and more); the rest follow a few at a time. */
export const EXPLORE_FIRST_CARDS = 6;
/** How many more of them each following step draws, one step per painted frame. */
export const EXPLORE_CARDS_PER_STEP = 6;
export const WORDS_PER_MINUTE = 200;
export const JOB_POLL_INTERVAL = 500;
export const VIDEO_POLL_INTERVAL = 3000;
export const SHARE_POPUP = { width: 600, height: 400 };

/* The choice lists come from the API's OpenAPI document (core/choices.py on the server). */
export const GENRES: readonly string[] = gen.creationGenreValues;
export const MOODS: readonly string[] = gen.creationMoodValues;
export const TIMES_OF_DAY: readonly string[] = gen.timeOfDayValues;
export const WEATHER: readonly string[] = gen.weatherValues;
export const PERSPECTIVES: readonly string[] = gen.perspectiveValues;
export const PACINGS: readonly string[] = gen.pacingValues;
export const ANIMATION_STYLES: readonly string[] = gen.creationAnimationStyleValues;
export const NARRATION_VOICES: readonly string[] = gen.creationNarrationVoiceValues;
export const MUSIC: readonly string[] = gen.creationMusicValues;
export const ASPECT_RATIOS: readonly string[] = gen.creationAspectRatioValues;
export const RESOLUTIONS: readonly string[] = gen.creationResolutionValues;

export const EXPLORE_GENRES: readonly string[] = gen.exploreGenreValues;
export const EXPLORE_MOODS: readonly string[] = gen.exploreMoodValues;
/** 'most_liked' -> 'Most Liked' */
const sortLabel = (value: string) =>
  value.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
export const SORTS: readonly { value: string; label: string }[] = gen.sortValues.map((value) => ({
  value,
  label: sortLabel(value),
}));

export const EDITOR_ANIMATION_STYLES: readonly string[] = gen.editorAnimationStyleValues;
export const EDITOR_ASPECT_RATIOS: readonly string[] = gen.editorAspectRatioValues;
export const EDITOR_RESOLUTIONS: readonly string[] = gen.editorResolutionValues;
export const EDITOR_FRAME_RATES: readonly number[] = gen.frameRateValues;
export const EDITOR_VOICES: readonly string[] = gen.editorNarrationVoiceValues;
export const EDITOR_MUSIC: readonly string[] = gen.editorMusicValues;
export const EDITOR_COLOR_GRADING: readonly string[] = gen.colorGradingValues;
export const EDITOR_TRANSITIONS: readonly string[] = gen.transitionValues;

export const STORY_LENGTH = { min: 100, max: 3000, step: 100, default: 1000 };
export const INTENSITY = { min: 1, max: 10, default: 5 };
export const VIDEO_DURATION = { min: 15, max: 300, step: 15, default: 60 };
export const EDITOR_DURATION = { min: 10, max: 300, step: 5 };

export const DEFAULT_VIDEO_DESCRIPTION = 'Horror video created with AI';

export const ADMIN_ROLES: readonly string[] = gen.adminCheckRoleValues;
