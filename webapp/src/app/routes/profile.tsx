import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth';
import { ProfileCard } from '../../features/users/components/profile-card';
import { SessionsCard } from '../../features/auth/components/sessions-card';
import { AboutForm } from '../../features/community/components/about-form';
import { NotificationSettingsCard } from '../../features/community/components/notification-settings';
import { MatureSetting } from '../../features/community/components/mature-setting';
import { MyStoriesList } from '../../features/stories/components/story-list';
import { MyVideosList } from '../../features/videos/components/video-list';
import { ReadingList } from '../../features/reading/components/reading-list';
import { useDocumentTitle } from '../../lib/use-document-title';

const COLLECTION_TABS: TabItem[] = [
  { value: 'stories', label: 'My Stories' },
  { value: 'videos', label: 'My Videos' },
  { value: 'reading', label: 'Reading List' },
];
const PANELS: Record<string, (userId: number) => ReactNode> = {
  stories: (userId) => <MyStoriesList userId={userId} />,
  videos: (userId) => <MyVideosList userId={userId} />,
  reading: () => <ReadingList />,
};

export default function ProfileRoute() {
  useDocumentTitle('My Horror Collection');
  const { user } = useAuth();
  // ?tab=reading opens the reading list (the account menu's link)
  const [params, setParams] = useSearchParams();
  const tab = PANELS[params.get('tab') ?? ''] ? (params.get('tab') as string) : 'stories';
  const setTab = (value: string) => setParams(value === 'stories' ? {} : { tab: value }, { replace: true });
  if (!user) return null;
  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-title">My Horror Collection</h1>
      </header>
      <ProfileCard user={user} />
      <div className="panel">
        <Tabs label="Collection" idBase="profile" value={tab} onChange={setTab} items={COLLECTION_TABS} />
        <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`} className="tab-panel">
          {PANELS[tab](user.id)}
        </div>
      </div>
      <AboutForm userId={user.id} />
      <MatureSetting user={user} />
      <NotificationSettingsCard />
      <SessionsCard />
    </div>
  );
}
