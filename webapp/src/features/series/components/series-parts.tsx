import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { Badge } from '../../../components/ui/badge';
import { WarningsBadge } from '../../../components/content/warnings-badge';
import { getErrorMessage } from '../../../lib/api-client';
import { formatRelative } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useReorderParts } from '../api/series';
import type { Series } from '../../../types/api';

/** The parts in order; the owner moves them up and down, then saves the new order. */
export function SeriesParts({ series }: { series: Series }) {
  const [order, setOrder] = useState(series.parts);
  useEffect(() => setOrder(series.parts), [series.parts]);
  const reorder = useReorderParts(series.id);
  const changed = order.some((part, i) => part.id !== series.parts[i]?.id);
  const move = (from: number, to: number) => {
    const next = [...order];
    const [part] = next.splice(from, 1);
    next.splice(to, 0, part);
    setOrder(next);
  };
  const save = () =>
    reorder.mutate(
      order.map((part) => part.id),
      {
        onSuccess: () => toast({ title: 'Order saved', description: 'The parts are numbered in their new order.' }),
        onError: (error) => toast({ title: 'Could not reorder', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  if (!order.length) return <p className="muted">No parts yet.</p>;
  return (
    <div className="stack-sm">
      <ol className="series-parts" aria-label="Parts">
        {order.map((part, i) => (
          <li key={part.id} className="series-part">
            <span className="series-part-number">Part {i + 1}</span>
            <div className="series-part-body">
              <Link to={`/story/${part.id}`} className="series-part-title">
                {part.title}
              </Link>
              <p className="muted small">
                {part.genre} · {formatRelative(part.createdAt)} {part.isPublic ? null : <Badge variant="warning">Private</Badge>}{' '}
                {part.isMature && <Badge variant="danger">18+</Badge>} <WarningsBadge warnings={part.contentWarnings} />
              </p>
              {part.matureGate ? (
                <p className="muted small mature-card-notice">
                  <strong>Mature (18+).</strong> Only readers who turned on mature content see its text.
                </p>
              ) : (
                part.excerpt && <p className="muted small">{part.excerpt}</p>
              )}
            </div>
            {series.isOwner && (
              <span className="row-sm">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={`Move ${part.title} up`}>
                  <Icon name="arrow-up" size={15} />
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => move(i, i + 1)} disabled={i === order.length - 1} aria-label={`Move ${part.title} down`}>
                  <Icon name="arrow-down" size={15} />
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {series.isOwner && changed && (
        <div className="row-sm">
          <button type="button" className="btn btn-primary btn-sm" onClick={save} disabled={reorder.isPending}>
            {reorder.isPending ? 'Saving...' : 'Save order'}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOrder(series.parts)} disabled={reorder.isPending}>
            Undo
          </button>
        </div>
      )}
    </div>
  );
}
