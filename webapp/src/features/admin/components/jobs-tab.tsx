import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { QueryError } from '../../../components/query-error';
import { failureToast } from '../../../lib/auth';
import { displayName, formatRelative, plural } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { AdminJob, AdminJobs, JobQueue } from '../../../types/api';
import { useAdminJobs } from '../api/admin-queries';
import { useJobAction } from '../api/admin-mutations';
import { AdminTable } from './admin-table';

const STATUS_BADGE = { queued: 'outline', processing: 'accent', completed: 'success', failed: 'danger' } as const;

/** The queues a job waits in with no live worker to take it (what the panel warns about). */
export function unservedQueues(data: AdminJobs | undefined): JobQueue[] {
  if (!data) return [];
  return data.queues.filter((q) => q.noWorker && ((q.depth ?? 0) > 0 || data.jobs.some((j) => j.noWorker && j.queue === q.name)));
}

/** "No worker is serving the videos queue: 2 jobs wait." for each such queue. */
export function NoWorkerNotice({ data }: { data: AdminJobs | undefined }) {
  const queues = unservedQueues(data);
  if (!queues.length) return null;
  return (
    <div className="notice notice-warning" role="status">
      {queues.map((q) => {
        const waiting = Math.max(q.depth ?? 0, data?.jobs.filter((j) => j.noWorker && j.queue === q.name).length ?? 0);
        return (
          <p key={q.name}>
            No worker is serving the <strong>{q.name}</strong> queue: {plural(waiting, 'job')} {waiting === 1 ? 'waits' : 'wait'}. Start one with{' '}
            <code>dreadforge worker --queues {q.name}</code>.
          </p>
        );
      })}
    </div>
  );
}

function QueueCard({ queue }: { queue: JobQueue }) {
  const workers = queue.workers ?? [];
  return (
    <li className="item-row" data-queue={queue.name}>
      <div className="item-main">
        <p>
          <strong>{queue.name}</strong> <Badge variant={queue.depth ? 'warning' : 'outline'}>{plural(queue.depth ?? 0, 'job')} waiting</Badge>{' '}
          {queue.noWorker && <Badge variant="danger">no worker</Badge>}
        </p>
        {workers.length ? (
          <ul className="muted small plain-list">
            {workers.map((w) => (
              <li key={`${w.host}:${w.pid}`}>
                {w.name} — {w.alive ? 'alive' : 'not heard from'}, last seen {formatRelative(w.lastSeen)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">No worker serves this queue.</p>
        )}
      </div>
    </li>
  );
}

function jobLink(job: AdminJob) {
  return job.videoId ? <Link to={`/video/${job.videoId}`}>{job.description}</Link> : <span>{job.description}</span>;
}

function JobActions({ job }: { job: AdminJob }) {
  const act = useJobAction();
  const run = (action: 'retry' | 'cancel') =>
    act.mutate(
      { id: job.id ?? '', action },
      {
        onSuccess: () => toast({ title: action === 'retry' ? 'Job put on the queue again' : 'Job cancelled' }),
        onError: failureToast(action === 'retry' ? 'Could not retry the job' : 'Could not cancel the job'),
      },
    );
  if (job.status === 'failed')
    return (
      <button type="button" className="btn btn-xs btn-primary" disabled={act.isPending} onClick={() => run('retry')} aria-label={`Retry ${job.description}`}>
        Retry
      </button>
    );
  if (job.status === 'queued' || job.status === 'processing')
    return (
      <button type="button" className="btn btn-xs btn-ghost" disabled={act.isPending} onClick={() => run('cancel')} aria-label={`Cancel ${job.description}`}>
        Cancel
      </button>
    );
  return null;
}

/**
 * The Jobs tab: each queue with its depth and the workers serving it (alive, last seen), then the
 * jobs running or waiting and the latest failed ones, with reason and owner; Retry and Cancel.
 */
export function JobsTab() {
  const jobs = useAdminJobs();
  if (jobs.isLoading) return <>{[0, 1, 2].map((i) => <Skeleton key={i} className="skeleton-row" />)}</>;
  if (jobs.isError) return <QueryError what="the jobs" error={jobs.error} onRetry={() => jobs.refetch()} />;
  const data = jobs.data;
  return (
    <>
      <NoWorkerNotice data={data} />
      <h3 className="section-title jobs-heading">Queues</h3>
      <ul className="item-list">{data?.queues.map((q) => <QueueCard key={q.name} queue={q} />)}</ul>
      <h3 className="section-title jobs-heading">Jobs</h3>
      <AdminTable
        query={{ ...jobs, data: data?.jobs }}
        what="the jobs"
        emptyText="No job is running, waiting or failed."
        columns={['Job', 'Owner', 'Status', 'Reason', 'When', '']}
        renderRow={(job) => (
          <tr key={job.id} data-job={job.id}>
            <td>
              {jobLink(job)}
              <div className="muted small">
                {job.kind} on {job.queue}
                {job.retries ? ` · retried ${plural(job.retries, 'time')}` : ''}
                {job.otherQueue ? ' · put on another Redis or queue prefix' : ''}
              </div>
            </td>
            <td>{job.owner ? `${displayName(job.owner)} (${job.owner.email ?? ''})` : '—'}</td>
            <td>
              <Badge variant={STATUS_BADGE[job.status ?? 'queued'] ?? 'outline'}>{job.status}</Badge>
              {job.status === 'processing' && <span className="muted small"> {job.progress}%</span>}
              {job.noWorker && <div className="small">No worker serves the {job.queue} queue</div>}
            </td>
            <td className="small">{job.status === 'failed' ? job.error : job.message}</td>
            <td className="muted small">{formatRelative(job.finishedAt ?? job.startedAt ?? job.createdAt)}</td>
            <td>
              <JobActions job={job} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
