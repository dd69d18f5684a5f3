export function ProgressBar({ value, label, message }: { value: number; label?: string; message?: string | null }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress-block">
      <div className="progress-meta">
        <span>{message || label || 'Working...'}</span>
        <span>{pct}%</span>
      </div>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label={label ?? 'Progress'}>
        <div className="progress-fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
