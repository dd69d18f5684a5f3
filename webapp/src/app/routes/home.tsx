import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { FollowingFeed } from './following-feed';
import { AdSlot } from '../../components/ad-slot';
import { Icon } from '../../components/ui/icons';
import { CardSkeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/empty-state';
import { DASHBOARD_FEED_LIMIT } from '../../lib/constants';
import { useAuth } from '../../lib/auth';
import { WelcomeHeader } from '../../features/dashboard/components/welcome-header';
import { QuickActions } from '../../features/dashboard/components/quick-actions';
import { StatCards } from '../../features/users/components/stat-cards';
import { useCommunityStories } from '../../features/stories/api/get-community-stories';
import { StoryCard } from '../../features/stories/components/story-card';
import { useDocumentTitle } from '../../lib/use-document-title';

const FEED_TABS: TabItem[] = [
  { value: 'recent', label: 'Recent' },
  { value: 'following', label: 'Following' },
];

const FEED = { genre: 'All Genres', mood: 'All Moods', sort: 'newest', limit: DASHBOARD_FEED_LIMIT };

export default function HomeRoute() {
  useDocumentTitle('Home');
  const { user } = useAuth();
  const feed = useCommunityStories(FEED);
  const [feedTab, setFeedTab] = useState('recent');
  if (!user) return null;
  return (
    <div className="container page">
      <WelcomeHeader firstName={user.firstName} createdAt={user.createdAt} />
      <StatCards userId={user.id} />
      <section className="section" aria-labelledby="recent-title">
        <div className="row between wrap">
          <h2 id="recent-title" className="section-title">
            Recent Nightmares
          </h2>
          <div className="row-sm">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => feed.refetch()} disabled={feed.isFetching}>
              <Icon name="refresh" size={15} className={feed.isFetching ? 'spin' : ''} /> Refresh
            </button>
            <Link to="/explore" className="btn btn-outline btn-sm">
              View All
            </Link>
          </div>
        </div>
        <Tabs label="Feed" idBase="dashboard" value={feedTab} onChange={setFeedTab} items={FEED_TABS} />
        {feedTab === 'following' ? (
          <div role="tabpanel" id="dashboard-panel-following" aria-labelledby="dashboard-tab-following">
            <FollowingFeed limit={DASHBOARD_FEED_LIMIT} more={false} />
          </div>
        ) : (
        <div className="card-grid" role="tabpanel" id="dashboard-panel-recent" aria-labelledby="dashboard-tab-recent">
          {feed.isLoading ? (
            Array.from({ length: DASHBOARD_FEED_LIMIT }, (_, i) => <CardSkeleton key={i} />)
          ) : feed.isError ? (
            <div className="span-all">
              <EmptyState title="Failed to fetch stories" hint="Press Refresh to try again." />
            </div>
          ) : !feed.data?.length ? (
            <div className="span-all">
              <EmptyState
                title="No stories yet"
                hint="The community is quiet... for now."
                action={
                  <Link to="/create" className="btn btn-primary">
                    Create a Story
                  </Link>
                }
              />
            </div>
          ) : (
            feed.data.slice(0, DASHBOARD_FEED_LIMIT).map((story) => <StoryCard key={story.id} story={story} />)
          )}
        </div>
        )}
      </section>
      <QuickActions />
      <AdSlot slot="banner" className="ad-banner-728" />
    </div>
  );
}
