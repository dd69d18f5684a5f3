import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatRelative } from '../../../lib/format';
import { failureToast } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { QueryError } from '../../../components/query-error';
import { useAudit, useReports, type Report } from '../api/admin-queries';
import { useSettleReport } from '../api/admin-mutations';
import { AdminTable } from './admin-table';

function reportTarget(r: Report): { label: string; href?: string } {
  const type = r.target?.type ?? r.targetType ?? r.type ?? 'item';
  const id = r.target?.id ?? r.targetId;
  const pageId = type === 'comment' ? (r.target as any)?.storyId ?? (r.target as any)?.videoId : id;
  const pageType = type === 'comment' ? ((r.target as any)?.storyId ? 'story' : 'video') : type;
  const href = pageId && (pageType === 'story' || pageType === 'video') ? `/${pageType}/${pageId}` : undefined;
  const title = r.target?.title;
  return { label: `${type.charAt(0).toUpperCase()}${type.slice(1)} #${id ?? '?'}${title ? ` — ${title}` : ''}`, href };
}

export function ReportsTab() {
  const reports = useReports();
  const settle = useSettleReport();
  if (reports.isLoading) return <>{[0, 1, 2].map((i) => <Skeleton key={i} className="skeleton-row" />)}</>;
  if (reports.isError) return <QueryError what="reports" error={reports.error} onRetry={() => reports.refetch()} />;
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
              {r.target?.excerpt && <p className="muted small clamp-2">{r.target.excerpt}</p>}
              <p>“{r.reason}”</p>
              <p className="muted small">
                {r.isSystem ? 'Flagged automatically' : `Reported by ${r.reporterName ?? r.reporter?.name ?? r.reporter?.email ?? 'unknown'}`}
                {r.target?.authorName ? ` · author ${r.target.authorName}` : ''} · {formatRelative(r.createdAt)}
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
                          onError: failureToast('Failed to update report'),
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
  const audit = useAudit();
  return (
    <AdminTable
      query={audit}
      what="the audit log"
      emptyText="No audit entries yet."
      columns={['When', 'Who', 'Action', 'Target']}
      skeletonRows={3}
      renderRow={(a) => (
        <tr key={a.id}>
          <td className="muted small">{formatRelative(a.createdAt)}</td>
          <td>{a.actorEmail ?? (a.actorId != null ? `user #${a.actorId}` : 'system')}</td>
          <td>
            <Badge variant="outline">{a.action}</Badge>
          </td>
          <td className="muted small">
            {a.targetLabel ?? (a.targetType ? `${a.targetType} #${a.targetId ?? ''}` : '')}
            {a.reason ? ` — ${a.reason}` : ''}
          </td>
        </tr>
      )}
    />
  );
}
