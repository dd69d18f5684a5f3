import { CardSkeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/empty-state';
import { FEATURED_STORIES } from '../../lib/constants';
import { ClosingBanner, Hero } from '../../features/landing/components/hero';
import { useStories } from '../../features/stories/api/get-stories';
import { FeaturedStoryCard } from '../../features/stories/components/featured-story-card';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LandingRoute() {
  useDocumentTitle(null);
  const stories = useStories({ limit: FEATURED_STORIES });
  return (
    <>
      <Hero />
      <section className="container section" aria-labelledby="featured-title">
        <h2 id="featured-title" className="section-title center">
          Featured Nightmares
        </h2>
        <p className="muted center section-sub">Fresh terror from the community.</p>
        <div className="card-grid">
          {stories.isLoading ? (
            Array.from({ length: FEATURED_STORIES }, (_, i) => <CardSkeleton key={i} />)
          ) : stories.isError || !stories.data?.length ? (
            <div className="span-all">
              <EmptyState title="No stories yet" hint="Be the first to craft a nightmare." />
            </div>
          ) : (
            stories.data.slice(0, FEATURED_STORIES).map((story) => <FeaturedStoryCard key={story.id} story={story} />)
          )}
        </div>
      </section>
      <ClosingBanner />
    </>
  );
}
