import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { EmptyState } from '../../components/ui/empty-state';
import { CardSkeleton } from '../../components/ui/skeleton';
import { useUserContent } from '../../lib/content/content-queries';
import { displayName } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthorHeader } from '../../features/community/components/author-header';
import { FollowButton } from '../../features/community/components/follow-button';
import { useProfile } from '../../features/community/api/get-profile';
import { StoryCard } from '../../features/stories/components/story-card';
import { VideoCard } from '../../features/videos/components/video-card';
import { AuthorSeries } from '../../features/series/components/author-series';
import { useAuth } from '../../lib/auth';

const TABS: TabItem[] = [
  { value: 'stories', label: 'Stories' },
  { value: 'videos', label: 'Videos' },
  { value: 'series', label: 'Series' },
];

/** /u/{id}: an author's public page with their public stories and videos. */
export default function AuthorRoute() {
  const id = Number(useParams().id);
  const profile = useProfile(id);
  const { user } = useAuth();
  const [tab, setTab] = useState('stories');
  const stories = useUserContent('story', tab === 'stories' && profile.data ? id : undefined);
  const videos = useUserContent('video', tab === 'videos' && profile.data ? id : undefined);
  useDocumentTitle(profile.data ? displayName(profile.data) : 'Author');
  if (profile.isLoading) {
    return (
      <div className="container page">
        <CardSkeleton />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <div className="container page">
        <EmptyState title="Author not found" hint="This page does not exist (any more)." icon="user" />
      </div>
    );
  }
  const list = tab === 'stories' ? stories : videos;
  return (
    <div className="container page">
      <AuthorHeader profile={profile.data} action={<FollowButton profile={profile.data} />} />
      <div className="panel">
        <Tabs label="Work" idBase="author" value={tab} onChange={setTab} items={TABS} />
        <div role="tabpanel" id={`author-panel-${tab}`} aria-labelledby={`author-tab-${tab}`} className="tab-panel card-grid">
          {tab === 'series' ? (
            <AuthorSeries userId={id} isOwn={!!user && String(user.id) === String(id)} />
          ) : list.isLoading ? (
            <CardSkeleton />
          ) : !list.data?.length ? (
            <div className="span-all">
              <EmptyState title={tab === 'stories' ? 'No stories yet' : 'No videos yet'} />
            </div>
          ) : tab === 'stories' ? (
            (stories.data ?? []).map((story) => <StoryCard key={story.id} story={story} />)
          ) : (
            (videos.data ?? []).map((video) => <VideoCard key={video.id} video={video} />)
          )}
        </div>
      </div>
    </div>
  );
}
