/**
 * The HTTP calls shared by stories and videos: the same paths under
 * /api/stories and /api/videos, chosen by the content type.
 */
import { api } from '../api-client';
import { getFeedPage } from '../feed';
import { resourceOf } from '../query-keys';
import type { ContentType, Story, StoryCard, Video, VideoCard } from '../../types/api';

/** Story for 'story', Video for 'video'. */
export type ContentOf<T extends ContentType> = T extends 'story' ? Story : Video;
/** A feed's card: StoryCard for 'story', VideoCard for 'video'. */
export type CardOf<T extends ContentType> = T extends 'story' ? StoryCard : VideoCard;

export type LikeResult = { liked: boolean; likesCount: number };
export type BookmarkResult = { bookmarked: boolean };
export type ShareResult = { recorded: boolean; sharesCount: number };
export type ShareInput = { id: number; platform: string; shareType: string };
export type CommunityParams = {
  genre: string;
  mood: string;
  sort: string;
  q?: string;
  status?: string;
  limit?: number;
  /** only items with this tag */
  tag?: string;
  /** content warnings to leave out, comma-separated */
  hideWarnings?: string;
};

const base = (type: ContentType) => `/api/${resourceOf(type)}`;

/** GET /api/{type}s/{id} (counts a view). */
export const getContent = <T extends ContentType>(type: T, id: number) => api.get<ContentOf<T>>(`${base(type)}/${id}`);

/** GET /api/{type}s/{id}/community: fresh counts, isLikedByUser (and a video's status); no view counted. */
export const getContentCommunity = <T extends ContentType>(type: T, id: number) =>
  api.get<ContentOf<T>>(`${base(type)}/${id}/community`);

/** GET /api/{type}s/user/{userId}. */
export const getUserContent = <T extends ContentType>(type: T, userId: string | number) =>
  api.get<ContentOf<T>[]>(`${base(type)}/user/${encodeURIComponent(String(userId))}`, { limit: 100 });

export const communityPath = (type: ContentType, { genre, mood, sort }: CommunityParams) =>
  `${base(type)}/community/${encodeURIComponent(genre)}/${encodeURIComponent(mood)}/${encodeURIComponent(sort)}`;

/** One page of GET /api/{type}s/community/{genre}/{mood}/{sort}?q=&status=&limit=&cursor=. */
export const getCommunityPage = <T extends ContentType>(type: T, params: CommunityParams, cursor: string | null, signal?: AbortSignal) =>
  getFeedPage<CardOf<T>>(
    communityPath(type, params),
    { q: params.q, limit: params.limit, status: params.status, tag: params.tag, hideWarnings: params.hideWarnings },
    cursor,
    signal,
  );

/** POST /api/{type}s → 201 item. */
export const createContent = <T extends ContentType>(type: T, data: Record<string, unknown>) => api.post<ContentOf<T>>(base(type), data);

/** DELETE /api/{type}s/{id} (owner only). */
export const deleteContent = (type: ContentType, id: number) => api.delete<{ message: string }>(`${base(type)}/${id}`);

/** POST (like) or DELETE (unlike) /api/{type}s/{id}/like. */
export const toggleLike = (type: ContentType, { id, like }: { id: number; like: boolean }) =>
  like ? api.post<LikeResult>(`${base(type)}/${id}/like`) : api.delete<LikeResult>(`${base(type)}/${id}/like`);

/** POST /api/{type}s/{id}/share {platform, shareType} → {recorded, sharesCount}. */
export const shareContent = (type: ContentType, { id, platform, shareType }: ShareInput) =>
  api.post<ShareResult>(`${base(type)}/${id}/share`, { platform, shareType });

/** POST (bookmark) or DELETE (remove) /api/{type}s/{id}/bookmark: the reader's reading list. */
export const toggleBookmark = (type: ContentType, { id, bookmark }: { id: number; bookmark: boolean }) =>
  bookmark ? api.post<BookmarkResult>(`${base(type)}/${id}/bookmark`) : api.delete<BookmarkResult>(`${base(type)}/${id}/bookmark`);

/** PUT /api/stories/{id}/progress {position: 0..1}: how far the reader got (`keepalive`: sent as the page closes). */
export const saveReadingProgress = (id: number, position: number, options?: { keepalive?: boolean }) =>
  api.put<{ position: number; updatedAt: string }>(`${base('story')}/${id}/progress`, { position }, options);
