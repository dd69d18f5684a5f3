import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { hasSavedPosition } from '../scroll-manager';
import { AdSlot } from '../../components/ad-slot';
import { Badge } from '../../components/ui/badge';
import { CardSkeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/empty-state';
import { AD_EVERY_N_STORIES, EXPLORE_CARDS_PER_STEP, EXPLORE_FIRST_CARDS, EXPLORE_GENRES, EXPLORE_MOODS, EXPLORE_PAGE_SIZE, EXPLORE_SKELETONS, SEARCH_DEBOUNCE_MS, SORTS } from '../../lib/constants';
import { LOGIN_URL, useAuth } from '../../lib/auth';
import { useDebounce } from '../../lib/use-debounce';
import { useDrawnCount } from '../../lib/use-drawn-count';
import { ExploreToolbar, type ExploreTab, type ExploreView } from '../../features/explore/components/explore-toolbar';
import { ExploreLabels } from '../../features/explore/components/explore-labels';
import { useCommunityPages, useUserContent } from '../../lib/content/content-queries';
import { StoryCard } from '../../features/stories/components/story-card';
import { VideoCard } from '../../features/videos/components/video-card';
import type { Story, StoryCard as StoryCardItem, Video, VideoCard as VideoCardItem } from '../../types/api';

/** A community card or one of the reader's own items (the full text). */
type AnyStory = Story | StoryCardItem;
type AnyVideo = Video | VideoCardItem;
import { useDocumentTitle } from '../../lib/use-document-title';
import { FollowingFeed } from './following-feed';

const TITLES: Record<string, string> = {
  'my-stories': 'My Stories',
  'my-videos': 'My Videos',
  trending: 'Trending Content',
};

const TABS: readonly ExploreTab[] = ['all', 'stories', 'videos', 'following'];
const SORT_VALUES = SORTS.map((option) => option.value);

const SIGN_IN_HINTS: Record<string, string> = {
  'my-stories': 'Sign in to see the stories you have written.',
  'my-videos': 'Sign in to see the videos you have made.',
};

type Item = { kind: 'story'; item: AnyStory } | { kind: 'video'; item: AnyVideo };

const matches = (item: AnyStory | AnyVideo, q: string) =>
  [item.title, 'excerpt' in item ? item.excerpt : item.content, item.characters, item.setting, (item as Video).description]
    .filter(Boolean)
    .some((field) => String(field).toLowerCase().includes(q));

const byGenre = (item: AnyStory | AnyVideo, genre: string) =>
  genre === 'All Genres' || (item.genre ?? '').toLowerCase() === genre.toLowerCase() || genre.toLowerCase().startsWith((item.genre ?? '').toLowerCase() + ' ');

const moodOf = (item: AnyStory | AnyVideo) => (Array.isArray(item.mood) ? item.mood : [item.mood]).filter(Boolean).map((m) => String(m).toLowerCase());

/** The API's order for a sort: its column, then the id, both in the sort's direction. */
function compare(sort: string) {
  const time = (x: Item) => new Date(x.item.createdAt ?? 0).getTime();
  const columns: Record<string, [(x: Item) => number, boolean]> = {
    oldest: [time, false],
    most_liked: [(x) => x.item.likesCount ?? 0, true],
    most_viewed: [(x) => x.item.views ?? 0, true],
    most_commented: [(x) => x.item.commentsCount ?? 0, true],
  };
  const [value, descending] = columns[sort] ?? [time, true];
  return (a: Item, b: Item) => {
    const ascending = value(a) - value(b) || a.item.id - b.item.id;
    return descending ? -ascending : ascending;
  };
}

export default function ExploreRoute() {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const { user } = useAuth();
  // The view's choices live in the address (replaced, not pushed), so Back and reload show the
  // same cards: ?tab=&sort=&genre=&mood=&q= and ?pages= (how many pages were loaded).
  const defaultTab: ExploreTab = filter === 'my-stories' ? 'stories' : filter === 'my-videos' ? 'videos' : 'all';
  const defaultSort = filter === 'trending' ? 'most_viewed' : 'newest';
  const pick = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = params.get(key) as T | null;
    return value !== null && allowed.includes(value) ? value : fallback;
  };
  const picked = pick<ExploreTab>('tab', TABS, defaultTab);
  // the Following tab is the signed-in reader's own: a visitor gets the default tab
  const tab = picked === 'following' && !user ? defaultTab : picked;
  const following = tab === 'following';
  const sort = pick('sort', SORT_VALUES, defaultSort);
  const genre = pick('genre', EXPLORE_GENRES, 'All Genres');
  const mood = pick('mood', EXPLORE_MOODS, 'All Moods');
  const [view, setView] = useState<ExploreView>('grid');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounce(search.trim(), SEARCH_DEBOUNCE_MS);
  useDocumentTitle(TITLES[filter] ?? 'Explore');

  /** Change the query string in place; never once the reader has left for another page (the
   * debounced search or the next page may come due just as a card is clicked). */
  const { pathname, key: locationKey } = useLocation();
  const replaceParams = (change: (next: URLSearchParams) => void) => {
    if (window.location.pathname !== pathname) return;
    const next = new URLSearchParams(window.location.search);
    change(next);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  /** Set one choice (its default removes it from the address) and start again at page one. */
  const choose = (key: string, fallback: string) => (value: string) =>
    replaceParams((next) => {
      if (value === fallback) next.delete(key);
      else next.set(key, value);
      next.delete('pages');
    });
  const setTab = choose('tab', defaultTab) as (value: ExploreTab) => void;
  const setSort = choose('sort', defaultSort);
  const setGenre = choose('genre', 'All Genres');
  const setMood = choose('mood', 'All Moods');
  const setQuery = choose('q', '');
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) setQuery(q);
  }, [q]);

  const personal = filter === 'my-stories' || filter === 'my-videos';
  const mine = personal && !!user;
  const wantStories = !following && tab !== 'videos';
  const wantVideos = !following && tab !== 'stories';
  const tag = params.get('tag') ?? '';
  const hidden = params.get('hide') ?? '';
  const feedParams = { genre, mood, sort, q: q || undefined, limit: EXPLORE_PAGE_SIZE, tag: tag || undefined, hideWarnings: hidden || undefined };
  const communityStories = useCommunityPages('story', feedParams, wantStories && !personal);
  const communityVideos = useCommunityPages('video', feedParams, wantVideos && !personal);
  const userStories = useUserContent('story', mine && wantStories ? user!.id : undefined);
  const userVideos = useUserContent('video', mine && wantVideos ? user!.id : undefined);
  const storyList: AnyStory[] | undefined = useMemo(
    () => (mine ? userStories.data : communityStories.data?.pages.flatMap((page) => page.items)),
    [mine, userStories.data, communityStories.data],
  );
  const videoList: AnyVideo[] | undefined = useMemo(
    () => (mine ? userVideos.data : communityVideos.data?.pages.flatMap((page) => page.items)),
    [mine, userVideos.data, communityVideos.data],
  );
  const stories = mine ? userStories : communityStories;
  const videos = mine ? userVideos : communityVideos;

  // Pages of the community feeds: `?pages=N` in the URL keeps how far the visitor scrolled, so
  // coming back (or reloading) shows the same cards; a change of filters starts again at one.
  const wantedPages = Math.max(1, Math.floor(Number(params.get('pages'))) || 1);
  const feeds = [wantStories && !mine && communityStories, wantVideos && !mine && communityVideos].filter((feed) => !!feed);
  const hasMore = feeds.some((feed) => feed.hasNextPage);
  const fetchingMore = feeds.some((feed) => feed.isFetchingNextPage);
  useEffect(() => {
    for (const feed of feeds) {
      if (feed.data && feed.data.pages.length < wantedPages && feed.hasNextPage && !feed.isFetching) void feed.fetchNextPage();
    }
  });
  const loadMore = () => {
    if (!hasMore || fetchingMore) return;
    const loaded = Math.max(...feeds.map((feed) => feed.data?.pages.length ?? 1));
    replaceParams((next) => next.set('pages', String(loaded + 1)));
  };
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    // The end of the list in view: the cards loaded but not drawn yet come first (while they are
    // drawn a few at a time the page is short, and loading then would fetch every page at once).
    const reached = () => (drawn < items.length ? finishDrawing() : loadMore());
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reached(), { rootMargin: '400px' });
    observer.observe(node);
    return () => observer.disconnect();
  });

  const loading = (wantStories && stories.isLoading) || (wantVideos && videos.isLoading);
  const failed =
    wantStories && stories.isError ? (mine ? 'Failed to fetch user stories' : 'Failed to fetch stories') : wantVideos && videos.isError ? (mine ? 'Failed to fetch user videos' : 'Failed to fetch videos') : '';

  const items = useMemo(() => {
    const needle = q.toLowerCase();
    const moodNeedle = mood.toLowerCase();
    // The community feeds are filtered by genre and mood on the server; the user's own lists are not.
    const keep = (x: AnyStory | AnyVideo) =>
      (!needle || matches(x, needle)) && (!mine || (byGenre(x, genre) && (mood === 'All Moods' || moodOf(x).includes(moodNeedle))));
    const list: Item[] = [
      ...(wantStories ? (storyList ?? []).filter(keep).map((item) => ({ kind: 'story' as const, item })) : []),
      ...(wantVideos ? (videoList ?? []).filter(keep).map((item) => ({ kind: 'video' as const, item })) : []),
    ];
    const order = compare(sort);
    // Stories and videos come from two feeds: a card is shown once every feed with more pages
    // has loaded past it, so loading more never slips cards in above those already seen.
    const frontiers: Item[] = [];
    const lastOf = <T,>(list: T[] | undefined) => list?.[list.length - 1];
    const lastStory = lastOf(storyList);
    const lastVideo = lastOf(videoList);
    if (!mine && wantStories && communityStories.hasNextPage && lastStory) frontiers.push({ kind: 'story', item: lastStory });
    if (!mine && wantVideos && communityVideos.hasNextPage && lastVideo) frontiers.push({ kind: 'video', item: lastVideo });
    return list.sort(order).filter((entry) => frontiers.every((edge) => order(entry, edge) <= 0));
  }, [storyList, videoList, wantStories, wantVideos, q, genre, mood, sort, mine, communityStories.hasNextPage, communityVideos.hasNextPage]);

  // A feed's cards arrive together: the first screenful is drawn at once and the rest a few at a
  // time, one small task each (no long task before the page answers, opening the page too).
  // Back to a list read far down draws it whole at once: the reader's place is restored on it.
  const returning = useNavigationType() === 'POP' && hasSavedPosition(locationKey);
  const [drawn, finishDrawing] = useDrawnCount(items.length, EXPLORE_FIRST_CARDS, EXPLORE_CARDS_PER_STEP, JSON.stringify([q, genre, mood, sort, mine, wantStories, wantVideos]), returning);
  const shown = drawn >= items.length ? items : items.slice(0, drawn);

  const clearFilter = () => {
    setSearch('');
    setParams({});
  };

  if (personal && !user) {
    return (
      <div className="container page">
        <header className="page-header">
          <h1 className="page-title">{TITLES[filter]}</h1>
        </header>
        <EmptyState
          title="Sign in to see your collection"
          hint={SIGN_IN_HINTS[filter]}
          icon="user"
          action={
            <a className="btn btn-primary" href={`${LOGIN_URL}?next=${encodeURIComponent(`/explore?filter=${filter}`)}`}>
              Sign In
            </a>
          }
        />
      </div>
    );
  }

  let storyCount = 0;
  return (
    <div className="container page">
      <header className="page-header row between wrap">
        <div>
          <h1 className="page-title">{TITLES[filter] ?? 'Explore Horror Content'}</h1>
          <p className="muted">Stories and videos from the Dreadforge community.</p>
        </div>
        {TITLES[filter] && (
          <div className="row-sm">
            <Badge variant="accent">Filtered View</Badge>
            <button type="button" className="btn btn-ghost btn-sm" onClick={clearFilter}>
              Clear Filter
            </button>
          </div>
        )}
      </header>
      <ExploreToolbar
        search={[search, setSearch]}
        tab={[tab, setTab]}
        view={[view, setView]}
        sort={[sort, setSort]}
        genre={[genre, setGenre]}
        mood={[mood, setMood]}
        following={!!user}
      />
      {!following && !mine && <ExploreLabels tag={[tag, choose('tag', '')]} hidden={[hidden, choose('hide', '')]} />}
      {following ? (
        <div role="tabpanel" id="explore-panel-following" aria-labelledby="explore-tab-following">
          <FollowingFeed limit={EXPLORE_PAGE_SIZE} layout={view} />
        </div>
      ) : (
      <div role="tabpanel" id={`explore-panel-${tab}`} aria-labelledby={`explore-tab-${tab}`} className={view === 'grid' ? 'card-grid' : 'card-list'} aria-busy={loading}>
        {loading ? (
          Array.from({ length: EXPLORE_SKELETONS }, (_, i) => <CardSkeleton key={i} />)
        ) : failed ? (
          <div className="span-all">
            <EmptyState
              title={failed}
              hint="Something went wrong while summoning content."
              action={
                <button type="button" className="btn btn-outline" onClick={() => { void stories.refetch(); void videos.refetch(); }}>
                  Try Again
                </button>
              }
            />
          </div>
        ) : shown.length === 0 ? (
          <div className="span-all">
            {q ? (
              <EmptyState title="No content found" hint="Try adjusting your search or filters" icon="search" />
            ) : (
              <EmptyState title="No content found" hint="No content available yet" />
            )}
          </div>
        ) : (
          shown.map((entry) => {
            if (entry.kind === 'video') {
              return <VideoCard key={`v${entry.item.id}`} video={entry.item} layout={view} showReviewButton showCreatorActions />;
            }
            storyCount += 1;
            const ad = storyCount % AD_EVERY_N_STORIES === 0;
            return (
              <Fragment key={`s${entry.item.id}`}>
                <StoryCard story={entry.item} layout={view} showReviewButton showCreatorActions />
                {ad && <AdSlot slot="feed" index={storyCount / AD_EVERY_N_STORIES - 1} className="ad-feed-block" />}
              </Fragment>
            );
          })
        )}
      </div>
      )}
      {!loading && !failed && hasMore && (
        <div className="load-more" ref={sentinel}>
          <button type="button" className="btn btn-outline" onClick={loadMore} disabled={fetchingMore}>
            {fetchingMore ? 'Loading more...' : 'Load more'}
          </button>
        </div>
      )}
      {fetchingMore && (
        <div className={view === 'grid' ? 'card-grid' : 'card-list'} aria-hidden="true">
          {Array.from({ length: EXPLORE_SKELETONS }, (_, i) => <CardSkeleton key={i} />)}
        </div>
      )}
    </div>
  );
}
