import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthorLink } from '../../../components/author-link';
import { ListSkeleton } from '../../../components/page-skeletons';
import { QueryError } from '../../../components/query-error';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { Pager } from '../../../components/ui/pager';
import { useToggleBookmark } from '../../../lib/content/content-mutations';
import { displayName, formatRelative } from '../../../lib/format';
import type { Bookmark } from '../../../types/api';
import { READING_LIST_PAGE_SIZE, useReadingList } from '../api/get-bookmarks';

/** A story is in progress once started and until its last lines were on screen. */
const inProgress = (progress: number | null) => progress !== null && progress > 0.03 && progress < 0.97;

/** Profile: the Reading List, the stories and videos you bookmarked, newest first. */
export function ReadingList() {
  const [page, setPage] = useState(1);
  const query = useReadingList(page);
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError) return <QueryError what="your reading list" error={query.error} onRetry={() => query.refetch()} />;
  const { items, total } = query.data ?? { items: [], total: 0 };
  if (!items.length && page > 1) {
    setPage(page - 1); // the last one of this page was removed
    return null;
  }
  if (!items.length) {
    return (
      <EmptyState
        title="Your reading list is empty"
        hint="Bookmark a story or video to find it here later."
        icon="bookmark"
        action={
          <Link to="/explore" className="btn btn-primary">
            Explore Stories
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="item-list reading-list" aria-label="Reading list">
        {items.map((entry) => (
          <ReadingListRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <Pager page={page} total={total} pageSize={READING_LIST_PAGE_SIZE} onPage={setPage} label="Reading list pages" />
    </>
  );
}

function ReadingListRow({ entry }: { entry: Bookmark }) {
  const type = entry.kind;
  const item = entry.story ?? entry.video;
  const remove = useToggleBookmark(type);
  if (!item) return null;
  const progress = entry.readingProgress;
  return (
    <li className="item-row">
      <div className="item-main">
        <Link to={`/${type}/${item.id}`} className="item-title">
          <Icon name={type === 'story' ? 'book' : 'film'} size={15} /> {item.title}
        </Link>
        <p className="muted small clamp-2">{item.excerpt}</p>
        <div className="badge-row">
          {inProgress(progress) && (
            <span className="reading-progress-badge">
              <Badge variant="accent" title="How far you read">In progress · {Math.round((progress ?? 0) * 100)}%</Badge>
            </span>
          )}
          {progress !== null && progress >= 0.97 && <Badge variant="success">Finished</Badge>}
          <span className="muted small">
            by <AuthorLink user={item.user}>{displayName(item.user, 'Anonymous')}</AuthorLink> · bookmarked {formatRelative(entry.createdAt)}
          </span>
        </div>
      </div>
      <div className="item-actions">
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: item.id, bookmark: false })}
          aria-label={`Remove “${item.title}” from your reading list`}
        >
          <Icon name="close" size={14} /> Remove
        </button>
      </div>
    </li>
  );
}
