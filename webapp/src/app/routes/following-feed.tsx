import { Link } from 'react-router-dom';
import { CardSkeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/empty-state';
import { useFollowingPages } from '../../features/community/api/get-following-feed';
import { StoryCard } from '../../features/stories/components/story-card';

/** Newest stories of the authors you follow (Explore's and the dashboard's Following tab). */
export function FollowingFeed({ limit, layout = 'grid', more = true }: { limit: number; layout?: 'grid' | 'list'; more?: boolean }) {
  const feed = useFollowingPages(limit);
  const stories = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <div className={layout === 'grid' ? 'card-grid' : 'card-list'} aria-busy={feed.isLoading} data-testid="following-feed">
        {feed.isLoading ? (
          Array.from({ length: Math.min(limit, 6) }, (_, i) => <CardSkeleton key={i} />)
        ) : feed.isError ? (
          <div className="span-all">
            <EmptyState title="Failed to fetch stories" hint="Reload the page to try again." />
          </div>
        ) : stories.length === 0 ? (
          <div className="span-all">
            <EmptyState
              title="Nothing from the authors you follow yet"
              hint="Open an author's page from a byline and press Follow."
              icon="user"
              action={
                <Link to="/explore" className="btn btn-outline">
                  Explore
                </Link>
              }
            />
          </div>
        ) : (
          stories.map((story) => <StoryCard key={story.id} story={story} layout={layout} />)
        )}
      </div>
      {more && feed.hasNextPage && (
        <div className="load-more">
          <button type="button" className="btn btn-outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
