import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount } from '../../../lib/format';
import { useUserStats } from '../api/get-user-stats';

/** Total Stories, Generated Videos and Total Views, each linking to a filtered explore view. */
export function StatCards({ userId }: { userId: string | number }) {
  const stats = useUserStats(userId);
  const cards = [
    { label: 'Total Stories', value: stats.data?.storiesCount, to: '/explore?filter=my-stories', icon: 'book' },
    { label: 'Generated Videos', value: stats.data?.videosCount, to: '/explore?filter=my-videos', icon: 'film' },
    { label: 'Total Views', value: stats.data?.totalViews, to: '/explore?filter=trending', icon: 'eye' },
  ];
  return (
    <div className="stat-grid">
      {cards.map((card) => (
        <Link key={card.label} to={card.to} className="stat-card">
          <span className="stat-icon">
            <Icon name={card.icon} size={22} />
          </span>
          <span className="stat-text">
            <span className="stat-label">{card.label}</span>
            {stats.isLoading ? (
              <Skeleton className="skeleton-stat" />
            ) : (
              <span className="stat-value">{stats.isError ? '—' : formatCount(card.value ?? 0)}</span>
            )}
          </span>
        </Link>
      ))}
    </div>
  );
}
