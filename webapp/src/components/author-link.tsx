import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A byline that opens the author's page (`/u/{id}`); plain text when the author is unknown. */
export function AuthorLink({ user, children }: { user?: { id?: number | null } | null; children: ReactNode }) {
  if (!user?.id) return <>{children}</>;
  return (
    <Link className="author-link" to={`/u/${user.id}`}>
      {children}
    </Link>
  );
}
