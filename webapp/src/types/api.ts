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
export type Story = Sent<Schemas['Story']>;
export type Video = Sent<Schemas['Video']>;
export type VideoStatus = Video['status'];
export type VideoScene = Video['scenes'][number];
export type Comment = Sent<Schemas['Comment']>;
/** A like, share or comment of the Review dialog. */
export type ActivityEntry = Schemas['Entry'] &
  Partial<Pick<Schemas['ShareEntry'], 'platform' | 'shareType'>> &
  Partial<Pick<Schemas['Comment'], 'content'>>;
export type UserStats = Sent<Schemas['Stats']>;
export type AdminStats = Sent<Schemas['AdminStats']>;
