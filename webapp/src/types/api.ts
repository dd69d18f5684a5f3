/**
 * The API's shapes, named for the app. Every field comes from the generated `api.gen.ts`
 * (`npm run gen:types` from the served OpenAPI document): nothing is described here again.
 * The server sends every field of a response shape, so those are `Sent` (none optional).
 */
import type { components } from './api.gen';

type Schemas = components['schemas'];

/** A response shape as the server sends it: every field present. */
export type Sent<T> = { [K in keyof T]-?: T[K] };

/** Which kind of content a screen, a like or a comment is about. */
export type ContentType = Exclude<Schemas['ReportTarget']['type'], 'comment' | undefined>;

export type UserSummary = Schemas['Author'] & Pick<Schemas['AdminAuthor'], 'email'>;
export type User = Sent<Schemas['User']>;
/** One signed-in browser of the account (the profile's Sessions list). */
export type Session = Sent<Schemas['Session']>;
/**
 * The forms still hold choices as plain strings (and send them back in these shapes): until they
 * are typed with the generated unions (`Schemas['StoryWrite']['genre']`...), these fields are
 * widened here to `string` / `number`. The lists themselves are the generated ones (constants.ts).
 */
type StoryChoice = 'genre' | 'mood' | 'timeOfDay' | 'weatherCondition' | 'narrativePerspective' | 'pacing';
type VideoChoice =
  | StoryChoice
  | 'animationStyle'
  | 'narrationVoice'
  | 'musicAmbience'
  | 'aspectRatio'
  | 'resolution'
  | 'colorGrading'
  | 'transitions'
  | 'captions';
type Widened<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends number ? number : string };

export type Story = Widened<Sent<Schemas['Story']>, StoryChoice>;
export type Video = Widened<Sent<Schemas['Video']>, VideoChoice | 'frameRate'>;
/** A story or video in a feed (landing, dashboard, Explore): an `excerpt` instead of the text. */
export type StoryCard = Widened<Sent<Schemas['StoryCard']>, StoryChoice>;
export type VideoCard = Widened<Sent<Schemas['VideoCard']>, VideoChoice | 'frameRate'>;
/** The reader's own marks on the community view of a story (a video's: isBookmarked only). */
export type ReaderMarks = { isBookmarked?: boolean; readingProgress?: number | null };
/** One entry of your reading list (GET /api/users/me/bookmarks): a story card or a video card. */
export type Bookmark = Omit<Sent<Schemas['Bookmark']>, 'story' | 'video'> & { story: StoryCard | null; video: VideoCard | null };
export type VideoStatus = Video['status'];
export type VideoScene = Video['scenes'][number];
/** GET /api/videos/voices: a narration voice and the installed voice that speaks it. */
export type NarrationVoice = Sent<Schemas['Voice']>;
export type Comment = Sent<Schemas['Comment']>;
/** A job's result: a written story (with which writer wrote it), Continue's and Rewrite's. */
export type GeneratedStory = Schemas['GeneratedStory'];
export type ContinuedText = Sent<Schemas['ContinuedText']>;
export type Rewrites = Sent<Schemas['Rewrites']>;
/** A like, share or comment of the Review dialog. */
export type ActivityEntry = Schemas['Entry'] &
  Partial<Pick<Schemas['ShareEntry'], 'platform' | 'shareType'>> &
  Partial<Pick<Schemas['Comment'], 'content'>>;
export type UserStats = Sent<Schemas['Stats']>;
export type AdminStats = Sent<Schemas['AdminStats']>;
export type AdminJob = Sent<Schemas['AdminJob']>;
export type JobQueue = Sent<Schemas['JobQueue']>;
/** GET /api/admin/jobs. */
export type AdminJobs = { queues: JobQueue[]; jobs: AdminJob[] };
/** A story's plan (described once in core/story_plan.py): cast, places, key elements, twist, beats. */
export type StoryPlan = Schemas['StoryPlan'];
/** The story being written on /create, kept on the server (`/api/drafts/current`). */
export type Draft = Sent<Schemas['Draft']>;
export type DraftWrite = Schemas['DraftWrite'];
export type PlanBeat = Schemas['PlanBeat'];
export type PlanPerson = Schemas['PlanPerson'];
/** An author's public page (GET /api/users/{id}/profile); `email` only for that user and admins. */
export type Profile = Sent<Omit<Schemas['Profile'], 'email'>> & Pick<Schemas['Profile'], 'email'>;
export type FollowState = Sent<Schemas['FollowState']>;
/** One line of the bell. */
export type AppNotification = Sent<Schemas['Notification']>;
export type NotificationKind = AppNotification['kind'];
export type NotificationSettings = Sent<Schemas['NotificationSettings']>;
export type MarkedRead = Sent<Schemas['Marked']>;
/** A series (GET /api/series/{id}): its parts the reader may open, in order. */
export type Series = Sent<Schemas['Series']>;
export type SeriesPart = Sent<Schemas['SeriesPart']>;
/** A series in a list (an author's page): without its parts. */
export type SeriesSummary = Sent<Schemas['SeriesSummary']>;
/** GET /api/series/{id}/next: the next part's creation form, filled from the last part. */
export type NextPart = Sent<Schemas['NextPart']>;
