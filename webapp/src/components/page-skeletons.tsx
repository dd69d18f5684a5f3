import { EXPLORE_SKELETONS } from '../lib/constants';
import { CardSkeleton, Skeleton } from './ui/skeleton';

/** /explore while its code or first page loads: the header, the toolbar and six skeleton cards. */
export function ExploreSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <div className="page-header">
        <Skeleton className="skeleton-title" style={{ width: '40%' }} />
        <Skeleton className="skeleton-line short" />
      </div>
      <Skeleton className="skeleton-toolbar" />
      <div className="card-grid">
        {Array.from({ length: EXPLORE_SKELETONS }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** Three skeleton rows in place of a profile list. */
export function ListSkeleton() {
  return (
    <div className="stack" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="skeleton-row" />
      ))}
    </div>
  );
}

/** /profile while its code loads: the profile card and the list skeletons. */
export function ProfileSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <div className="page-header">
        <Skeleton className="skeleton-title" style={{ width: '45%' }} />
      </div>
      <div className="panel row">
        <Skeleton className="skeleton-avatar skeleton-avatar-lg" />
        <div className="stack" style={{ flex: 1 }}>
          <Skeleton className="skeleton-line short" />
          <Skeleton className="skeleton-line" />
        </div>
      </div>
      <div className="panel">
        <ListSkeleton />
      </div>
    </div>
  );
}
