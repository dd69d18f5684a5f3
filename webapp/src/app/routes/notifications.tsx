import { useState } from 'react';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { NotificationList } from '../../features/community/components/notification-list';
import { useDocumentTitle } from '../../lib/use-document-title';

const TABS: TabItem[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
];

/** /notifications: every notification, or the unread ones. */
export default function NotificationsRoute() {
  useDocumentTitle('Notifications');
  const [tab, setTab] = useState('all');
  return (
    <div className="container page narrow">
      <header className="page-header">
        <h1 className="page-title">Notifications</h1>
      </header>
      <div className="panel">
        <Tabs label="Notifications" idBase="notifications" value={tab} onChange={setTab} items={TABS} />
        <div role="tabpanel" id={`notifications-panel-${tab}`} aria-labelledby={`notifications-tab-${tab}`} className="tab-panel">
          <NotificationList unreadOnly={tab === 'unread'} />
        </div>
      </div>
    </div>
  );
}
