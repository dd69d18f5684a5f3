import { Fragment, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdSlot } from '../../components/ad-slot';
import { Badge } from '../../components/ui/badge';
import { CardSkeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/empty-state';
import { AD_EVERY_N_STORIES, EXPLORE_SKELETONS, SEARCH_DEBOUNCE_MS } from '../../lib/constants';
import { useAuth } from '../../lib/auth';
import { useDebounce } from '../../lib/use-debounce';
import { ExploreToolbar, type ExploreTab, type ExploreView } from '../../features/explore/components/explore-toolbar';
import { useCommunityStories } from '../../features/stories/api/get-community-stories';
import { useUserStories } from '../../features/stories/api/get-user-stories';
import { StoryCard } from '../../features/stories/components/story-card';
import { useCommunityVideos } from '../../features/videos/api/get-community-videos';
import { useUserVideos } from '../../features/videos/api/get-user-videos';
import { VideoCard } from '../../features/videos/components/video-card';
import type { Story, Video } from '../../types/api';
import { useDocumentTitle } from '../../lib/use-document-title';

const TITLES: Record<string, string> = {
  'my-stories': 'My Stories',
  'my-videos': 'My Videos',
  trending: 'Trending Content',
};

type Item = { kind: 'story'; item: Story } | { kind: 'video'; item: Video };

const matches = (item: Story | Video, q: string) =>
  [item.title, item.content, item.characters, item.setting, (item as Video).description]
    .filter(Boolean)
    .some((field) => String(field).toLowerCase().includes(q));

const byGenre = (item: Story | Video, genre: string) =>
  genre === 'All Genres' || (item.genre ?? '').toLowerCase() === genre.toLowerCase() || genre.toLowerCase().startsWith((item.genre ?? '').toLowerCase() + ' ');

const moodOf = (item: Story | Video) => (Array.isArray(item.mood) ? item.mood : [item.mood]).filter(Boolean).map((m) => String(m).toLowerCase());

function compare(sort: string) {
  const time = (x: Item) => new Date(x.item.createdAt ?? 0).getTime();
  switch (sort) {
    case 'oldest':
      return (a: Item, b: Item) => time(a) - time(b);
    case 'most_liked':
      return (a: Item, b: Item) => (b.item.likesCount ?? 0) - (a.item.likesCount ?? 0) || time(b) - time(a);
    case 'most_viewed':
      return (a: Item, b: Item) => (b.item.views ?? 0) - (a.item.views ?? 0) || time(b) - time(a);
    case 'most_commented':
      return (a: Item, b: Item) => (b.item.commentsCount ?? 0) - (a.item.commentsCount ?? 0) || time(b) - time(a);
    default:
      return (a: Item, b: Item) => time(b) - time(a);
  }
}

export default function ExploreRoute() {
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const { user } = useAuth();
  const [tab, setTab] = useState<ExploreTab>('all');
  const [view, setView] = useState<ExploreView>('grid');
  const [sort, setSort] = useState('newest');
  const [genre, setGenre] = useState('All Genres');
  const [mood, setMood] = useState('All Moods');
  const [search, setSearch] = useState('');
  const q = useDebounce(search.trim(), SEARCH_DEBOUNCE_MS);
  useDocumentTitle(TITLES[filter] ?? 'Explore');

  useEffect(() => {
    if (filter === 'my-stories') setTab('stories');
    else if (filter === 'my-videos') setTab('videos');
    else if (filter === 'trending') setSort('most_viewed');
  }, [filter]);

  const mine = (filter === 'my-stories' || filter === 'my-videos') && !!user;
  const wantStories = tab !== 'videos';
  const wantVideos = tab !== 'stories';
  const feedParams = { genre, mood, sort, q: q || undefined, limit: 50 };
  const communityStories = useCommunityStories(feedParams, wantStories && !mine);
  const communityVideos = useCommunityVideos(feedParams, wantVideos && !mine);
  const userStories = useUserStories(mine && wantStories ? user!.id : undefined);
  const userVideos = useUserVideos(mine && wantVideos ? user!.id : undefined);
  const stories = mine ? userStories : communityStories;
  const videos = mine ? userVideos : communityVideos;

  const loading = (wantStories && stories.isLoading) || (wantVideos && videos.isLoading);
  const failed =
    wantStories && stories.isError ? (mine ? 'Failed to fetch user stories' : 'Failed to fetch stories') : wantVideos && videos.isError ? (mine ? 'Failed to fetch user videos' : 'Failed to fetch videos') : '';

  const items = useMemo(() => {
    const needle = q.toLowerCase();
    const moodNeedle = mood.toLowerCase();
    // The community feeds are filtered by genre and mood on the server; the user's own lists are not.
    const keep = (x: Story | Video) =>
      (!needle || matches(x, needle)) && (!mine || (byGenre(x, genre) && (mood === 'All Moods' || moodOf(x).includes(moodNeedle))));
    const list: Item[] = [
      ...(wantStories ? (stories.data ?? []).filter(keep).map((item) => ({ kind: 'story' as const, item })) : []),
      ...(wantVideos ? (videos.data ?? []).filter(keep).map((item) => ({ kind: 'video' as const, item })) : []),
    ];
    return list.sort(compare(sort));
  }, [stories.data, videos.data, wantStories, wantVideos, q, genre, mood, sort, mine]);

  const clearFilter = () => {
    setTab('all');
    setSort('newest');
    setGenre('All Genres');
    setMood('All Moods');
    setParams({});
  };

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
        search={search}
        onSearch={setSearch}
        tab={tab}
        onTab={setTab}
        view={view}
        onView={setView}
        sort={sort}
        onSort={setSort}
        genre={genre}
        onGenre={setGenre}
        mood={mood}
        onMood={setMood}
      />
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
        ) : items.length === 0 ? (
          <div className="span-all">
            {q ? (
              <EmptyState title="No content found" hint="Try adjusting your search or filters" icon="search" />
            ) : (
              <EmptyState title="No content found" hint="No content available yet" />
            )}
          </div>
        ) : (
          items.map((entry) => {
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
    </div>
  );
}
