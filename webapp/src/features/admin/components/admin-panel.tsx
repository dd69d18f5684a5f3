import { useState } from 'react';
import { StatusPage, goHome } from '../../../components/status-page';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, namedTabs } from '../../../components/ui/tabs';
import { formatCount } from '../../../lib/format';
import { useAdminCheck, useAdminJobs, useAdminStats } from '../api/admin-queries';
import { UsersTab } from './users-tab';
import { ContentTab } from './content-tab';
import { AuditTab, ReportsTab } from './moderation-tabs';
import { JobsTab, NoWorkerNotice } from './jobs-tab';
import { PageHeader } from '../../../components/page-header';

const ADMIN_TABS = namedTabs('users', 'stories', 'videos', 'reports', 'audit', 'jobs');

export function AdminPanel() {
  const check = useAdminCheck();
  const allowed = check.isSuccess;
  const stats = useAdminStats(allowed);
  const jobs = useAdminJobs(allowed);
  const [tab, setTab] = useState('users');
  if (check.isLoading)
    return (
      <div className="page-loading">
        <Spinner size="lg" />
      </div>
    );
  if (!allowed)
    return (
      <StatusPage
        title="Access Denied"
        icon="shield"
        message="You don't have permission to access the admin panel."
        actions={goHome}
      />
    );
  const s = stats.data;
  const cards = [
    { label: 'Total Users', value: s?.totalUsers, extra: s ? `${formatCount(s.activeUsers)} active` : '', icon: 'user' },
    { label: 'Stories', value: s?.totalStories, icon: 'book' },
    { label: 'Videos', value: s?.totalVideos, icon: 'film' },
    { label: 'Views', value: s?.totalViews, icon: 'eye' },
  ];
  return (
    <div className="container page">
      <PageHeader icon="shield" title="Admin Panel">
        <p className="muted">Moderate users, stories and videos.</p>
      </PageHeader>
      <div className="stat-grid four">
        {cards.map((c) => (
          <div key={c.label} className="stat-card static">
            <span className="stat-icon">
              <Icon name={c.icon} size={22} />
            </span>
            <span className="stat-text">
              <span className="stat-label">{c.label}</span>
              {stats.isLoading ? <Skeleton className="skeleton-stat" /> : <span className="stat-value">{formatCount(c.value ?? 0)}</span>}
              {c.extra && <span className="muted small">{c.extra}</span>}
            </span>
          </div>
        ))}
      </div>
      {tab !== 'jobs' && <NoWorkerNotice data={jobs.data} />}
      <div className="panel">
        <Tabs label="Admin sections" idBase="admin" value={tab} onChange={setTab} items={ADMIN_TABS} />
        <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} className="tab-panel">
          {tab === 'users' && <UsersTab />}
          {tab === 'stories' && <ContentTab key="stories" kind="stories" />}
          {tab === 'videos' && <ContentTab key="videos" kind="videos" />}
          {tab === 'reports' && <ReportsTab />}
          {tab === 'audit' && <AuditTab />}
          {tab === 'jobs' && <JobsTab />}
        </div>
      </div>
    </div>
  );
}
