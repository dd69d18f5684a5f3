import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { useDebounce } from '../../../lib/use-debounce';
import { authorHandle, formatCount, formatDate } from '../../../lib/format';
import { closeThen, toastOutcome } from '../../../lib/auth';
import { AdminTable } from './admin-table';
import { HideDialog } from './hide-dialog';
import { useAdminContent, type ContentFilter, type ContentKind } from '../api/admin-queries';
import { useDeleteContent, useSetContentVisibility } from '../api/admin-mutations';

export function ContentTab({ kind }: { kind: ContentKind }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ContentFilter>('all');
  const debounced = useDebounce(search, 300);
  const [page, setPage] = useState(1);
  const items = useAdminContent({ kind, search: debounced, filter, page });
  const visibility = useSetContentVisibility();
  const remove = useDeleteContent();
  const makePublic = (item: { id: number }) =>
    visibility.mutate({ kind, id: item.id, isPublic: true }, toastOutcome('Content visibility updated', 'Failed to update content visibility'));
  /** the item a moderator is hiding (asked for a reason first) */
  const [hiding, setHiding] = useState<{ id: number; title?: string | null } | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const noun = kind === 'stories' ? 'story' : 'video';
  return (
    <div className="stack">
      <div className="row wrap admin-filters">
        <div className="search-box grow">
          <Icon name="search" size={16} />
          <label htmlFor={`admin-${kind}-search`} className="sr-only">Search {kind}</label>
          <input id={`admin-${kind}-search`} type="search" className="input" placeholder={`Search ${kind}...`} value={search} onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }} />
        </div>
        <label htmlFor={`admin-${kind}-filter`} className="sr-only">Filter {kind}</label>
        <select id={`admin-${kind}-filter`} className="input select-narrow" value={filter} onChange={(e) => {
            setFilter(e.target.value as ContentFilter);
            setPage(1);
          }}>
          <option value="all">All</option>
          <option value="public">Public</option>
          <option value="private">Private</option>
          {kind === 'videos' && <option value="pending">Pending</option>}
          {kind === 'videos' && <option value="completed">Completed</option>}
        </select>
      </div>
      <AdminTable
        query={items}
        what={kind}
        emptyText={`No ${kind} found.`}
        columns={['Title', 'Author', 'Visibility', 'Views', 'Created', '']}
        page={page}
        onPage={setPage}
        renderRow={(item: any) => (
          <tr key={item.id}>
            <td>
              <Link to={`/${noun}/${item.id}`}>{item.title}</Link>
              <div className="badge-row">
                {item.genre && <Badge variant="outline">{item.genre}</Badge>}
                {item.status && <Badge variant={item.status === 'completed' ? 'success' : item.status === 'failed' ? 'danger' : 'default'}>{item.status}</Badge>}
              </div>
            </td>
            <td className="muted small">{authorHandle(item.user)}</td>
            <td>
              <Badge variant={item.isPublic === false ? 'warning' : 'success'}>{item.isPublic === false ? 'Private' : 'Public'}</Badge>
            </td>
            <td>{formatCount(item.views)}</td>
            <td className="muted small">{formatDate(item.createdAt)}</td>
            <td>
              <div className="row-sm end">
                <button type="button" className="btn btn-ghost btn-xs" disabled={visibility.isPending} onClick={() => (item.isPublic === false ? makePublic(item) : setHiding(item))}>
                  {item.isPublic === false ? 'Make Public' : 'Make Private'}
                </button>
                <button type="button" className="btn btn-ghost btn-xs danger-text" onClick={() => setTarget(item.id)} aria-label={`Delete ${item.title}`}>
                  <Icon name="trash" size={14} />
                </button>
              </div>
            </td>
          </tr>
        )}
      />
      <HideDialog
        item={hiding}
        noun={noun}
        onClose={() => setHiding(null)}
        pending={visibility.isPending}
        onHide={(reason) =>
          hiding !== null &&
          visibility.mutate({ kind, id: hiding.id, isPublic: false, reason }, closeThen(() => setHiding(null), 'Content visibility updated', 'Failed to update content visibility'))
        }
      />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={`Delete ${noun}?`}
        description={`Are you sure you want to delete this ${noun}? This action cannot be undone.`}
        pending={remove.isPending}
        onConfirm={() =>
          target !== null &&
          remove.mutate(
            { kind, id: target },
            closeThen(() => setTarget(null), 'Content deleted successfully', 'Failed to delete content'),
          )
        }
      />
    </div>
  );
}
