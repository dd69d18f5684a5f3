export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`spinner spinner-${size}`} role="status" aria-label={label ?? 'Loading'}>
      <span className="sr-only">{label ?? 'Loading'}</span>
    </span>
  );
}

/** The whole page loading (the signed-in check): a spinner over a visible 'Loading...'. */
export function FullPageSpinner({ className = 'full-page-spinner' }: { className?: string }) {
  return (
    <div className={className} role="status" aria-live="polite">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p>Loading...</p>
    </div>
  );
}

/** A page's code loading, under the navigation bar: the same spinner and visible text. */
export function PageSpinner() {
  return <FullPageSpinner className="page-loading" />;
}
