import { getErrorMessage } from '../lib/api-client';

/** What a failed read shows in place of its content: what failed, the server's reason, and a retry. */
export function QueryError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  return (
    <div className="query-error center" role="alert">
      <p>Could not load {what}.</p>
      <p className="muted small">{getErrorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}
