import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListSkeleton } from '../page-skeletons';
import { Icon } from '../ui/icons';
import type { ContentType } from '../../types/api';
import { useUserContent } from '../../lib/content/content-queries';
import type { ContentOf } from '../../lib/content/content-api';
import { DeleteContentDialog } from './delete-content-dialog';

/** A profile list of the user's own stories or videos: three skeleton rows, the failure text, the empty state, then a row per item (`row` gives its parts). */
export function OwnedList<T extends ContentType>({
  type,
  userId,
  empty,
  row,
}: {
  type: T;
  userId: string | number;
  empty: ReactNode;
  row: (item: ContentOf<T>) => RowParts;
}) {
  const query = useUserContent(type, userId);
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError) return <p className="muted">Failed to fetch user {type === 'story' ? 'stories' : 'videos'}</p>;
  if (!query.data?.length) return <>{empty}</>;
  return (
    <ul className="item-list">
      {query.data.map((item) => (
        <OwnedRow key={item.id} type={type} item={item} {...row(item)} />
      ))}
    </ul>
  );
}

/** What a row shows of its item besides the title: a thumbnail (if any), details under the title, actions before Delete. */
type RowParts = { thumb?: ReactNode; details: ReactNode; actions: ReactNode };

/** A row of an OwnedList: the thumbnail (if any), the title linking to the item, `details`, then `actions` and Delete (confirmed in a dialog). */
function OwnedRow({ type, item, thumb, details, actions }: RowParts & { type: ContentType; item: { id: number; title: string } }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <li className="item-row">
      {thumb !== undefined && <div className="item-thumb">{thumb}</div>}
      <div className="item-main">
        <Link to={`/${type}/${item.id}`} className="item-title">
          {item.title}
        </Link>
        {details}
      </div>
      <div className="item-actions">
        {actions}
        <button type="button" className="btn btn-ghost btn-xs danger-text" onClick={() => setConfirm(true)}>
          <Icon name="trash" size={14} /> Delete
        </button>
      </div>
      <DeleteContentDialog type={type} id={item.id} open={confirm} onClose={() => setConfirm(false)} />
    </li>
  );
}
