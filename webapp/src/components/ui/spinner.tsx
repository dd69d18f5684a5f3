export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  return (
    <span className={`spinner spinner-${size}`} role="status" aria-label={label ?? 'Loading'}>
      <span className="sr-only">{label ?? 'Loading'}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p>Loading...</p>
    </div>
  );
}
