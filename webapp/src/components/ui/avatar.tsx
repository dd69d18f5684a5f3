import type { UserSummary } from '../../types/api';
import { Icon } from './icons';

/** Image, else first letter of first or last name, else an icon. */
export function Avatar({ user, size = 36 }: { user?: UserSummary | null; size?: number }) {
  const letter = (user?.firstName || user?.lastName || '').trim().charAt(0).toUpperCase();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'Anonymous';
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {user?.profileImageUrl ? (
        <img src={user.profileImageUrl} alt={`${name}'s avatar`} width={size} height={size} />
      ) : letter ? (
        <span aria-hidden="true">{letter}</span>
      ) : (
        <Icon name="user" size={size * 0.55} />
      )}
    </span>
  );
}
