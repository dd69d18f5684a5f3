import { useRouteError } from 'react-router-dom';

/** Last-resort error screen (also for a failed lazy chunk after a deploy). */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  console.warn('Route error', error);
  return (
    <div className="status-page container">
      <h1>Something went bump in the night</h1>
      <p className="muted">An unexpected error occurred. Try reloading the page.</p>
      <div className="row center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <a className="btn btn-ghost" href="/">
          Go Home
        </a>
      </div>
    </div>
  );
}
