import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

/**
 * The admin panel's tables: skeleton rows while loading, an empty text, then the table with
 * its column headers (an empty header is the screen-reader-only "Actions" column).
 */
export function AdminTable({
  loading,
  empty,
  emptyText,
  columns,
  skeletonRows = 4,
  children,
}: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  columns: string[];
  skeletonRows?: number;
  children: ReactNode;
}) {
  if (loading) {
    return <>{Array.from({ length: skeletonRows }, (_, i) => <Skeleton key={i} className="skeleton-row" />)}</>;
  }
  if (empty) return <p className="muted center">{emptyText}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={column || `actions-${i}`}>
                {column || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
