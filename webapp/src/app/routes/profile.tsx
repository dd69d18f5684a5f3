import { useState } from 'react';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { useAuth } from '../../lib/auth';
import { ProfileCard } from '../../features/users/components/profile-card';
import { SessionsCard } from '../../features/auth/components/sessions-card';
import { AboutForm } from '../../features/community/components/about-form';
import { NotificationSettingsCard } from '../../features/community/components/notification-settings';
import { MatureSetting } from '../../features/community/components/mature-setting';
import { MyStoriesList } from '../../features/stories/components/story-list';
import { MyVideosList } from '../../features/videos/components/video-list';
import { useDocumentTitle } from '../../lib/use-document-title';

const COLLECTION_TABS: TabItem[] = [
  { value: 'stories', label: 'My Stories' },
  { value: 'videos', label: 'My Videos' },
];

export default function ProfileRoute() {
  useDocumentTitle('My Horror Collection');
  const { user } = useAuth();
  const [tab, setTab] = useState('stories');
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
          {tab === 'stories' ? <MyStoriesList userId={user.id} /> : <MyVideosList userId={user.id} />}
        </div>
      </div>
      <AboutForm userId={user.id} />
      <MatureSetting user={user} />
      <NotificationSettingsCard />
      <SessionsCard />
    </div>
  );
}
