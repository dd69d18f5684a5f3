import type { ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import type { Page } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from '../api/admin-queries';

/** What the tables read from a list query: a page of rows (or a plain list), its state and a retry. */
export type TableQuery<T> = { isLoading: boolean; isError: boolean; error: unknown; data?: Page<T> | T[]; refetch: () => unknown };

const rowsOf = <T,>(data: Page<T> | T[] | undefined): T[] => (Array.isArray(data) ? data : data?.items ?? []);

/**
 * The admin panel's tables: skeleton rows while loading, the failure with a retry, an empty
 * text, then the table with its column headers (an empty header is the screen-reader-only
 * "Actions" column) and, for paged lists, a pager.
 */
export function AdminTable<T>({
  query,
  what,
  emptyText,
  columns,
  skeletonRows = 4,
  page,
  onPage,
  renderRow,
}: {
  query: TableQuery<T>;
  what: string;
  emptyText: string;
  columns: string[];
  skeletonRows?: number;
  page?: number;
  onPage?: (page: number) => void;
  renderRow: (row: T) => ReactNode;
}) {
  if (query.isLoading) {
    return <>{Array.from({ length: skeletonRows }, (_, i) => <Skeleton key={i} className="skeleton-row" />)}</>;
  }
  if (query.isError) return <QueryError what={what} error={query.error} onRetry={() => query.refetch()} />;
  const rows = rowsOf(query.data);
  if (!rows.length) return <p className="muted center">{emptyText}</p>;
  const total = Array.isArray(query.data) ? rows.length : query.data?.total ?? rows.length;
  return (
    <>
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
          <tbody>{rows.map(renderRow)}</tbody>
        </table>
      </div>
      {page !== undefined && onPage && <Pager page={page} total={total} pageSize={ADMIN_PAGE_SIZE} onPage={onPage} label={`${what} pages`} />}
    </>
  );
}
