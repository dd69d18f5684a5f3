/** Business constants and choice lists of SPEC §5 and §9. */
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
export const WORDS_PER_MINUTE = 200;
export const JOB_POLL_INTERVAL = 500;
export const VIDEO_POLL_INTERVAL = 3000;
export const SHARE_POPUP = { width: 600, height: 400 };

export const GENRES = ['Gothic Horror', 'Psychological', 'Supernatural', 'Cosmic Horror', 'Slasher', 'Paranormal'];
export const MOODS = ['Eerie', 'Terrifying', 'Mysterious', 'Ominous', 'Suspenseful', 'Dark'];
export const TIMES_OF_DAY = ['Dawn', 'Morning', 'Noon', 'Afternoon', 'Dusk', 'Night', 'Midnight'];
export const WEATHER = ['Clear', 'Cloudy', 'Foggy', 'Rainy', 'Stormy', 'Snowy', 'Windy'];
export const PERSPECTIVES = ['First Person', 'Third Person', 'Second Person'];
export const PACINGS = ['Slow Burn', 'Moderate', 'Fast-Paced', 'Intense'];
export const ANIMATION_STYLES = [
  'Cinematic',
  'Horror Classic',
  'Dark Gothic',
  'Psychological',
  'Supernatural',
  'Retro Horror',
  'Minimalist',
  'Abstract Horror',
];
export const NARRATION_VOICES = [
  'Deep Male',
  'Mysterious Female',
  'Elderly Narrator',
  'Whispering Voice',
  'Dramatic Male',
  'Haunting Female',
  'Child Voice',
  'Robotic',
];
export const MUSIC = [
  'Dark Atmospheric',
  'Suspenseful Orchestral',
  'Eerie Ambient',
  'Horror Soundscape',
  'Minimalist Tension',
  'Gothic Symphony',
  'Industrial Horror',
  'Silent Film',
  'No Music',
];
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3'];
export const RESOLUTIONS = ['720p', '1080p', '1440p', '4K'];

export const EXPLORE_GENRES = [
  'All Genres',
  'Gothic Horror',
  'Psychological Horror',
  'Supernatural Horror',
  'Cosmic Horror',
  'Body Horror',
  'Slasher',
  'Paranormal',
  'Dark Fantasy',
  'Horror Comedy',
  'Apocalyptic Horror',
];
export const EXPLORE_MOODS = [
  'All Moods',
  'Eerie',
  'Suspenseful',
  'Terrifying',
  'Mysterious',
  'Disturbing',
  'Unsettling',
  'Creepy',
  'Dreadful',
  'Sinister',
  'Menacing',
];
export const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'most_liked', label: 'Most Liked' },
  { value: 'most_viewed', label: 'Most Viewed' },
  { value: 'most_commented', label: 'Most Commented' },
];

export const EDITOR_ANIMATION_STYLES = ['Cinematic', 'Motion Graphics', '3D Animation', 'Stop Motion', 'Minimalist', 'Horror Style'];
export const EDITOR_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '21:9'];
export const EDITOR_RESOLUTIONS = ['720p', '1080p', '4K', '8K'];
export const EDITOR_FRAME_RATES = [24, 30, 60];
export const EDITOR_VOICES = ['Deep Male', 'Female Narrator', 'British Male', 'Whispery', 'Dramatic', 'Neutral'];
export const EDITOR_MUSIC = ['Dark Orchestral', 'Eerie Ambient', 'Horror Soundtrack', 'Tension Builder', 'Minimalist', 'No Music'];
export const EDITOR_COLOR_GRADING = ['Horror', 'Dark & Moody', 'High Contrast', 'Desaturated', 'Vintage', 'Natural'];
export const EDITOR_TRANSITIONS = ['Fade', 'Cut', 'Dissolve', 'Wipe', 'Glitch', 'Horror Effect'];

export const STORY_LENGTH = { min: 100, max: 3000, step: 100, default: 1000 };
export const INTENSITY = { min: 1, max: 10, default: 5 };
export const VIDEO_DURATION = { min: 15, max: 300, step: 15, default: 60 };
export const EDITOR_DURATION = { min: 10, max: 300, step: 5 };

export const DEFAULT_VIDEO_DESCRIPTION = 'Horror video created with AI';

export const ADMIN_ROLES = ['admin', 'super_admin'];
