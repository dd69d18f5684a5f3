export function Skeleton({ className = '', style }: { className?: string; style?: React.CSSProperties }) {
  return <div className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}

export function CardSkeleton() {
  return (
    <div className="card card-skeleton" aria-hidden="true">
      <Skeleton className="skeleton-badge" />
      <Skeleton className="skeleton-title" />
      <Skeleton className="skeleton-line" />
      <Skeleton className="skeleton-line" />
      <Skeleton className="skeleton-line short" />
    </div>
  );
}

/** Three placeholder rows of a list of people's entries: an avatar and two lines (classes `lines`). */
export function AvatarRowsSkeleton({ rowClassName, lines }: { rowClassName: string; lines: [string, string] }) {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <div key={i} className={rowClassName}>
          <Skeleton className="skeleton-avatar" />
          <div style={{ flex: 1 }}>
            <Skeleton className={lines[0]} />
            <Skeleton className={lines[1]} />
          </div>
        </div>
      ))}
    </>
  );
}
