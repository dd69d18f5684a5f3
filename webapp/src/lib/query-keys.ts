/**
 * Every React Query key, one factory per resource. Keys nest, so invalidating
 * a shorter key (`storyKeys.lists()`) reaches every longer one below it.
 */
import type { ContentType } from '../types/api';

/** 'stories' | 'videos': the API path segment and the key root of a content kind. */
export type ContentResource = 'stories' | 'videos';

/** 'story' → 'stories', 'video' → 'videos', 'comment' → 'comments': the API path segment and key root. */
export const resourceOf = <T extends string>(type: T) => (type === 'story' ? 'stories' : `${type}s`) as T extends 'story' ? 'stories' : `${T}s`;

export type ActivityKind = 'likes' | 'shares' | 'comments';

/** The keys of one content kind: lists, details, comments and activity. */
export const contentKeys = (type: ContentType) => {
  const root = resourceOf(type);
  return {
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (params: object) => [root, 'list', params] as const,
    pages: (params: object) => [root, 'list', 'pages', params] as const,
    detail: (id: number) => [root, 'detail', id] as const,
    community: (id: number) => [root, 'detail', id, 'community'] as const,
    comments: (id: number) => [root, 'comments', id] as const,
    activity: (id: number, kind: ActivityKind) => [root, 'activity', id, kind] as const,
  };
};

export const storyKeys = contentKeys('story');
export const videoKeys = contentKeys('video');

export const userKeys = {
  all: ['users'] as const,
  stats: (userId: string | number) => ['users', 'stats', userId] as const,
  profile: (userId: string | number) => ['users', 'profile', userId] as const,
  following: (params: object) => ['users', 'following', params] as const,
  /** Your reading list (GET /api/users/me/bookmarks), one key per page. */
  bookmarks: (params: object) => ['users', 'bookmarks', params] as const,
};

export const seriesKeys = {
  all: ['series'] as const,
  detail: (id: number) => ['series', 'detail', id] as const,
  ofUser: (userId: number) => ['series', 'user', userId] as const,
  next: (id: number) => ['series', 'next', id] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', 'count'] as const,
  pages: (params: object) => ['notifications', 'list', params] as const,
  settings: () => ['notifications', 'settings'] as const,
};

export const authKeys = {
  user: () => ['auth', 'user'] as const,
  sessions: () => ['auth', 'sessions'] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  check: () => ['admin', 'check'] as const,
  stats: () => ['admin', 'stats'] as const,
  audit: () => ['admin', 'audit'] as const,
  reports: () => ['admin', 'reports'] as const,
  users: () => ['admin', 'users'] as const,
  userList: (params: object) => ['admin', 'users', params] as const,
  content: () => ['admin', 'content'] as const,
  contentList: (params: object) => ['admin', 'content', params] as const,
  jobs: () => ['admin', 'jobs'] as const,
};

export const jobKeys = {
  detail: (jobId: string) => ['jobs', jobId] as const,
};

export const adKeys = {
  slot: (slot: string, index: number, context: object) => ['ads', slot, index, context] as const,
};

export const shareTargetKeys = {
  list: (params: object) => ['share-targets', params] as const,
};
