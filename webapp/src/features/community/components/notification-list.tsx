import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatRelative } from '../../../lib/format';
import { useMarkRead, useNotificationPages } from '../../../lib/notifications';
import type { AppNotification } from '../../../types/api';

const PAGE = 20;

/** The notifications page: newest first, unread ones marked, mark one or all read, load more. */
export function NotificationList({ unreadOnly }: { unreadOnly: boolean }) {
  const pages = useNotificationPages({ unread: unreadOnly, limit: PAGE });
  const mark = useMarkRead();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((n) => !n.isRead);
  const read = (n: AppNotification) => {
    if (!n.isRead) mark.mutate({ ids: [n.id] });
  };
  if (pages.isLoading) return <p className="muted">Loading...</p>;
  if (pages.isError) return <EmptyState title="Failed to fetch notifications" hint="Reload the page to try again." />;
  return (
    <div className="stack">
      <div className="row-sm">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => mark.mutate({ all: true })} disabled={!anyUnread || mark.isPending}>
          Mark all read
        </button>
      </div>
      {items.length === 0 ? (
        <EmptyState title={unreadOnly ? 'Nothing unread' : 'No notifications yet'} hint="Replies, likes and new followers show up here." icon="bell" />
      ) : (
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id} className={`notification ${n.isRead ? 'read' : 'unread'}`} data-testid="notification">
              <Avatar user={n.actor} size={36} />
              <div className="grow">
                {n.link ? (
                  <Link to={n.link} onClick={() => read(n)}>
                    {n.text}
                  </Link>
                ) : (
                  <span>{n.text}</span>
                )}
                <p className="muted small">{formatRelative(n.createdAt)}</p>
              </div>
              {!n.isRead && (
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => read(n)} aria-label={`Mark read: ${n.text}`}>
                  Mark read
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <button type="button" className="btn btn-outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
