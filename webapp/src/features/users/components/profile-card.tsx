import { Avatar } from '../../../components/ui/avatar';
import { CreateMenu } from '../../../components/create-menu';
import { formatCount, formatDate } from '../../../lib/format';
import { useUserStats } from '../api/get-user-stats';
import type { User } from '../../../types/api';

export function ProfileCard({ user }: { user: User }) {
  const stats = useUserStats(user.id);
  return (
    <section className="panel profile-card" aria-label="Profile">
      <Avatar user={user} size={84} />
      <div className="profile-info">
        <h2 className="profile-name">@{user.firstName || 'creator'}</h2>
        <p className="muted">{user.email}</p>
        {user.createdAt && <p className="muted small">Joined {formatDate(user.createdAt)}</p>}
        <div className="profile-counts">
          {(
            [
              [stats.data?.storiesCount ?? user.storiesCount ?? 0, 'story', 'stories'],
              [stats.data?.videosCount ?? user.videosCount ?? 0, 'video', 'videos'],
              [stats.data?.totalViews ?? 0, 'view', 'views'],
            ] as const
          ).map(([n, one, many]) => (
            <span key={many}>
              <strong>{formatCount(n)}</strong> {n === 1 ? one : many}
            </span>
          ))}
        </div>
      </div>
      <CreateMenu />
    </section>
  );
}
