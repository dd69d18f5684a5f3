import { Link, useParams } from 'react-router-dom';
import { CardSkeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/empty-state';
import { useCommunityPages } from '../../lib/content/content-queries';
import { normalTag } from '../../lib/content/labels';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StoryCard } from '../../features/stories/components/story-card';
import { VideoCard } from '../../features/videos/components/video-card';

const PAGE = 24;

/** /tags/{tag}: the newest public stories and videos with a tag. */
export default function TagRoute() {
  const tag = normalTag(useParams().id ?? ''); // the route's segment: the tag
  useDocumentTitle(`#${tag}`);
  const params = { genre: 'All Genres', mood: 'All Moods', sort: 'newest', limit: PAGE, tag };
  const stories = useCommunityPages('story', params, !!tag);
  const videos = useCommunityPages('video', params, !!tag);
  const storyList = stories.data?.pages.flatMap((page) => page.items) ?? [];
  const videoList = videos.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = stories.isLoading || videos.isLoading;
  const failed = stories.isError && videos.isError;
  return (
    <div className="container page">
      <header className="page-header row between wrap">
        <div>
          <h1 className="page-title">#{tag}</h1>
          <p className="muted">Stories and videos tagged “{tag}”.</p>
        </div>
        <Link to={`/explore?tag=${encodeURIComponent(tag)}`} className="btn btn-outline btn-sm">
          Filter on Explore
        </Link>
      </header>
      <div className="card-grid" aria-busy={loading}>
        {loading ? (
          Array.from({ length: 6 }, (_, i) => <CardSkeleton key={i} />)
        ) : failed ? (
          <div className="span-all">
            <EmptyState title="Failed to fetch this tag" hint="Reload the page to try again." />
          </div>
        ) : storyList.length + videoList.length === 0 ? (
          <div className="span-all">
            <EmptyState title="Nothing with this tag yet" hint="Tags are added when a story or a video is created or edited." icon="search" />
          </div>
        ) : (
          <>
            {storyList.map((story) => (
              <StoryCard key={`s${story.id}`} story={story} />
            ))}
            {videoList.map((video) => (
              <VideoCard key={`v${video.id}`} video={video} />
            ))}
          </>
        )}
      </div>
      {(stories.hasNextPage || videos.hasNextPage) && (
        <div className="load-more">
          <Link to={`/explore?tag=${encodeURIComponent(tag)}`} className="btn btn-outline">
            See more on Explore
          </Link>
        </div>
      )}
    </div>
  );
}
