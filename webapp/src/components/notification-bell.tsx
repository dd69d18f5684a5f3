import { Link } from 'react-router-dom';
import { useUnreadCount } from '../lib/notifications';
import { Icon } from './ui/icons';

/** The header's bell: a link to /notifications with the unread count. */
export function NotificationBell() {
  const count = useUnreadCount(true).data?.unread ?? 0;
  const label = count ? `Notifications (${count} unread)` : 'Notifications';
  return (
    <Link to="/notifications" className="btn btn-ghost btn-sm bell" aria-label={label} title={label}>
      <Icon name="bell" size={20} />
      {count > 0 && (
        <span className="bell-count" data-testid="bell-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
