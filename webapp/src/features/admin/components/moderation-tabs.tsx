import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { displayName, formatRelative } from '../../../lib/format';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useReports, useSettleReport, type Report } from '../api/reports';
import { useAudit } from '../api/audit';

function reportTarget(r: Report): { label: string; href?: string } {
  const type = r.targetType ?? r.type ?? (r.storyId ? 'story' : r.videoId ? 'video' : r.commentId ? 'comment' : 'item');
  const id = r.targetId ?? r.storyId ?? r.videoId ?? r.commentId;
  const href = type === 'story' || type === 'video' ? `/${type}/${id}` : undefined;
  const title = r.target?.title;
  return { label: `${type} #${id ?? '?'}${title ? ` — ${title}` : ''}`, href };
}

export function ReportsTab() {
  const reports = useReports(true);
  const settle = useSettleReport();
  if (reports.isLoading) return <>{[0, 1, 2].map((i) => <Skeleton key={i} className="skeleton-row" />)}</>;
  if (!reports.data?.length) return <p className="muted center">No reports. The crypt is quiet.</p>;
  return (
    <ul className="item-list">
      {reports.data.map((r) => {
        const target = reportTarget(r);
        const open = !r.status || r.status === 'open' || r.status === 'pending';
        return (
          <li key={r.id} className="item-row">
            <div className="item-main">
              <p>
                {target.href ? <Link to={target.href}>{target.label}</Link> : <span>{target.label}</span>}{' '}
                <Badge variant={open ? 'warning' : 'outline'}>{r.status ?? 'open'}</Badge>
              </p>
              <p className="muted">“{r.reason}”</p>
              <p className="muted small">
                by {displayName(r.reporter ?? r.user, 'unknown')} · {formatRelative(r.createdAt)}
              </p>
            </div>
            {open && (
              <div className="item-actions">
                {(['resolve', 'dismiss'] as const).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`btn btn-xs ${action === 'resolve' ? 'btn-primary' : 'btn-ghost'}`}
                    disabled={settle.isPending}
                    onClick={() =>
                      settle.mutate(
                        { id: r.id, action },
                        {
                          onSuccess: () => toast({ title: action === 'resolve' ? 'Report resolved' : 'Report dismissed' }),
                          onError: (e) => {
                            if (handledUnauthorized(e)) return;
                            toast({ title: 'Error', description: 'Failed to update report', variant: 'destructive' });
                          },
                        },
                      )
                    }
                  >
                    {action === 'resolve' ? 'Resolve' : 'Dismiss'}
                  </button>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function AuditTab() {
  const audit = useAudit(true);
  if (audit.isLoading) return <>{[0, 1, 2].map((i) => <Skeleton key={i} className="skeleton-row" />)}</>;
  if (!audit.data?.length) return <p className="muted center">No audit entries yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
          </tr>
        </thead>
        <tbody>
          {audit.data.map((a) => (
            <tr key={a.id}>
              <td className="muted small">{formatRelative(a.createdAt)}</td>
              <td>{a.actor ? displayName(a.actor, a.actor.email ?? 'admin') : String(a.actorId ?? '—')}</td>
              <td>
                <Badge variant="outline">{a.action}</Badge>
              </td>
              <td className="muted small">
                {a.targetType ? `${a.targetType} #${a.targetId ?? ''}` : ''}
                {a.details ? ` ${typeof a.details === 'string' ? a.details : JSON.stringify(a.details)}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
