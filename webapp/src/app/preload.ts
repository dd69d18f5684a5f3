import { EXPLORE_PAGE_SIZE } from '../lib/constants';
import { getCommunityPagesQueryOptions } from '../lib/content/content-queries';
import { queryClient } from '../lib/query-client';

/** A page's code, loaded once: the route's `lazy()` and the early start below share it. */
export const pages = {
  explore: () => import('./routes/explore'),
  story: () => import('./routes/story'),
  video: () => import('./routes/video'),
  author: () => import('./routes/author'),
  tag: () => import('./routes/tag'),
  series: () => import('./routes/series'),
};

const FIRST: [RegExp, keyof typeof pages][] = [
  [/^\/explore\/?$/, 'explore'],
  [/^\/story\/\d+\/?$/, 'story'],
  [/^\/video\/\d+\/?$/, 'video'],
  [/^\/u\/\d+\/?$/, 'author'],
  [/^\/tags\/[^/]+\/?$/, 'tag'],
  [/^\/series\/\d+\/?$/, 'series'],
];

/**
 * The page opened first starts loading its code with the app, beside the signed-in check, rather
 * than after it; Explore's default view (no choices in its address) asks for its two feeds at the
 * same time too, with the parameters the page itself will ask with (app/routes/explore.tsx).
 */
export function preloadFirstPage({ pathname, search } = window.location) {
  const match = FIRST.find(([pattern]) => pattern.test(pathname));
  if (!match) return;
  void pages[match[1]]().catch(() => undefined); // (a failure shows when the route itself loads)
  if (match[1] === 'explore' && !search) {
    const params = { genre: 'All Genres', mood: 'All Moods', sort: 'newest', limit: EXPLORE_PAGE_SIZE };
    void queryClient.prefetchInfiniteQuery(getCommunityPagesQueryOptions('story', params));
    void queryClient.prefetchInfiniteQuery(getCommunityPagesQueryOptions('video', params));
  }
}
