import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { SignOutEverywhereDialog } from '../../../components/sign-out-everywhere-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastOutcome } from '../../../lib/auth';
import { formatDate, formatRelative } from '../../../lib/format';
import type { Session } from '../../../types/api';
import { useSessions, useSignOutSession } from '../api/sessions';

/** The profile's Sessions list: each signed-in browser, this one marked, the others signed out one by one. */
export function SessionsCard() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const [everywhere, setEverywhere] = useState(false);
  return (
    <section className="panel stack sessions-card" aria-labelledby="sessions-title">
      <div className="sessions-header">
        <h2 id="sessions-title" className="panel-title">
          Sessions
        </h2>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setEverywhere(true)}>
          Sign out everywhere
        </button>
      </div>
      <p className="muted small">The browsers signed in to your account. Sign out any you do not recognise.</p>
      {sessions.isPending ? (
        <Skeleton className="sessions-skeleton" />
      ) : sessions.isError ? (
        <QueryError what="your sessions" error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <ul className="sessions-list" aria-label="Signed-in browsers">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              pending={signOut.isPending && signOut.variables === session.id}
              onSignOut={() => signOut.mutate(session.id, toastOutcome('Session signed out', 'Could not sign that session out'))}
            />
          ))}
        </ul>
      )}
      <SignOutEverywhereDialog open={everywhere} onClose={() => setEverywhere(false)} />
    </section>
  );
}

function SessionRow({ session, pending, onSignOut }: { session: Session; pending: boolean; onSignOut: () => void }) {
  return (
    <li className="session-row" aria-label={session.browser}>
      <div>
        <strong>{session.browser}</strong>
        {session.current && <span className="badge badge-success session-current">This device</span>}
        <p className="muted small">
          Signed in {formatDate(session.createdAt)} · Last seen {session.current ? 'now' : formatRelative(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onSignOut} disabled={pending} aria-label={`Sign out ${session.browser}`}>
          {pending ? 'Signing out...' : 'Sign out'}
        </button>
      )}
    </li>
  );
}
