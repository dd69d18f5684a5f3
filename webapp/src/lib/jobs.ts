import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api-client';
import { JOB_POLL_INTERVAL } from './constants';

export type JobStatus = 'queued' | 'processing' | 'completed' | 'failed';

export type Job<R = unknown> = {
  id: string;
  kind: string;
  status: JobStatus;
  progress: number;
  message: string | null;
  result: R | null;
  error: string | null;
};

export const getJob = <R,>(jobId: string, signal?: AbortSignal) => api.get<Job<R>>(`/api/jobs/${encodeURIComponent(jobId)}`, undefined, signal);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/** Polls GET /api/jobs/{id} until completed (returns result) or failed (throws). */
export async function waitForJob<R>(
  jobId: string,
  onUpdate: (job: Job<R>) => void,
  signal?: AbortSignal,
): Promise<R> {
  for (;;) {
    const job = await getJob<R>(jobId, signal);
    onUpdate(job);
    if (job.status === 'completed') return job.result as R;
    if (job.status === 'failed') throw new Error(job.error || job.message || 'Job failed');
    await sleep(JOB_POLL_INTERVAL, signal);
  }
}

export type JobProgress = { running: boolean; progress: number; message: string };

/** What a call that starts a job answers (202): its id and, usually, its first state. */
export type JobStarted = { jobId: string; status?: JobStatus; progress?: number; message?: string };

/**
 * Starts a background job (a call returning {jobId}) and follows its real
 * progress and message from the API.
 */
export function useJobRunner() {
  const [state, setState] = useState<JobProgress>({ running: false, progress: 0, message: '' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async <R,>(start: () => Promise<JobStarted>): Promise<R> => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setState({ running: true, progress: 0, message: 'Queued...' });
    try {
      const started = await start();
      const { jobId } = started;
      // The 202 answer already carries the job's state ("Waiting for a worker"): show it at once.
      if (started.message) {
        setState({ running: true, progress: Math.round(started.progress ?? 0), message: started.message });
      }
      const result = await waitForJob<R>(
        jobId,
        (job) =>
          setState({
            running: true,
            progress: Math.max(0, Math.min(100, Math.round(job.progress ?? 0))),
            message: job.message ?? (job.status === 'queued' ? 'Queued...' : 'Working...'),
          }),
        ctrl.signal,
      );
      setState({ running: false, progress: 100, message: 'Done' });
      return result;
    } catch (error) {
      setState({ running: false, progress: 0, message: '' });
      throw error;
    }
  }, []);

  return { ...state, run };
}
