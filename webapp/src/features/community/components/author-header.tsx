import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { displayName, formatCount, formatDate } from '../../../lib/format';
import type { Profile } from '../../../types/api';

/** An author's page header: avatar, name, bio, join date and counts; `action` is the Follow button. */
export function AuthorHeader({ profile, action }: { profile: Profile; action?: ReactNode }) {
  const counts: [number, string, string][] = [
    [profile.followersCount, 'follower', 'followers'],
    [profile.followingCount, 'following', 'following'],
    [profile.storiesCount, 'story', 'stories'],
    [profile.videosCount, 'video', 'videos'],
  ];
  return (
    <section className="panel profile-card" aria-label="Author">
      <Avatar user={profile} size={84} />
      <div className="profile-info">
        <h1 className="profile-name">{displayName(profile, 'Anonymous')}</h1>
        {profile.bio && <p className="author-bio">{profile.bio}</p>}
        {profile.email && <p className="muted small">{profile.email}</p>}
        <p className="muted small">Joined {formatDate(profile.createdAt)}</p>
        <div className="profile-counts">
          {counts.map(([n, one, many]) => (
            <span key={many} data-testid={`count-${many}`}>
              <strong>{formatCount(n)}</strong> {n === 1 ? one : many}
            </span>
          ))}
        </div>
      </div>
      {action}
    </section>
  );
}
