import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LOGIN_URL, useAuth } from '../../lib/auth';
import type { ContentType } from '../../types/api';
import { useWarningLabels } from '../../lib/tags';

type Gated = { id: number; contentWarnings: readonly string[]; matureGate: boolean };

const revealKey = (type: ContentType, id: number) => `dreadforge:warnings-seen:${type}:${id}`;

function seen(type: ContentType, id: number): boolean {
  try {
    return sessionStorage.getItem(revealKey(type, id)) === '1';
  } catch {
    return false;
  }
}

/** A mature item the reader may not see: why, and how to see it (sign in, or turn it on). */
export function MatureNotice({ type }: { type: ContentType }) {
  const { user } = useAuth();
  const location = useLocation();
  return (
    <div className="content-gate mature-gate" role="note">
      <p className="content-gate-title">Mature content (18+)</p>
      <p className="muted">
        This {type} is marked mature by its author.{' '}
        {user ? (
          <>Turn on <Link to="/profile#mature">mature content in your settings</Link> to {type === 'story' ? 'read' : 'watch'} it.</>
        ) : (
          <>
            <a href={`${LOGIN_URL}?next=${encodeURIComponent(location.pathname)}`}>Sign in</a> and turn on mature content in your
            settings to {type === 'story' ? 'read' : 'watch'} it.
          </>
        )}
      </p>
    </div>
  );
}

/**
 * The text (or the player) of a story or video behind its notices: a mature item the reader may
 * not see shows why; an item with content warnings lists them first, with a click-through
 * (remembered for that item for the rest of the session).
 */
export function ContentGate({ type, item, children }: { type: ContentType; item: Gated; children: ReactNode }) {
  const warnings = useWarningLabels(item.contentWarnings ?? []);
  const [revealed, setRevealed] = useState(() => seen(type, item.id));
  if (item.matureGate) return <MatureNotice type={type} />;
  if (warnings.length === 0 || revealed) return <>{children}</>;
  const reveal = () => {
    try {
      sessionStorage.setItem(revealKey(type, item.id), '1');
    } catch {
      /* private mode: shown for this visit only */
    }
    setRevealed(true);
  };
  return (
    <div className="content-gate warning-gate" role="note" aria-label="Content warnings">
      <p className="content-gate-title">Content warnings</p>
      <ul className="warning-list">
        {warnings.map((label) => (
          <li key={label} className="badge badge-warning">
            {label}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary btn-sm" onClick={reveal}>
        {type === 'story' ? 'Show the story' : 'Show the video'}
      </button>
    </div>
  );
}
