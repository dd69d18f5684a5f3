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
  /** while it runs: the text written so far (a story as the model writes it) */
  partial?: string | null;
};

export const getJob = <R,>(jobId: string, signal?: AbortSignal) => api.get<Job<R>>(`/api/jobs/${encodeURIComponent(jobId)}`, undefined, signal);

/** POST /api/jobs/{id}/cancel: the owner stops a queued or running job (it fails "Cancelled."). */
export const cancelJob = (jobId: string) => api.post<Job>(`/api/jobs/${encodeURIComponent(jobId)}/cancel`);

/** The error a cancelled job's runner throws (the caller shows no failure for it). */
export class JobCancelledError extends Error {
  name = 'JobCancelledError';
}

/** Whether a runner's error only means it was stopped (cancelled, or the screen left). */
export const stoppedByUser = (error: unknown) =>
  ['AbortError', 'JobCancelledError'].includes((error as Error)?.name);

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

export type JobProgress = { running: boolean; progress: number; message: string; partial: string };

/** What a call that starts a job answers (202): its id and, usually, its first state. */
export type JobStarted = { jobId: string; status?: JobStatus; progress?: number; message?: string };

/**
 * Starts a background job (a call returning {jobId}) and follows its real
 * progress and message from the API.
 */
export function useJobRunner() {
  const [state, setState] = useState<JobProgress>({ running: false, progress: 0, message: '', partial: '' });
  const controller = useRef<AbortController | null>(null);
  const current = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async <R,>(start: () => Promise<JobStarted>): Promise<R> => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    current.current = null;
    setState({ running: true, progress: 0, message: 'Queued...', partial: '' });
    try {
      const started = await start();
      const { jobId } = started;
      current.current = jobId;
      // The 202 answer already carries the job's state ("Waiting for a worker"): show it at once.
      if (started.message) {
        setState({ running: true, progress: Math.round(started.progress ?? 0), message: started.message, partial: '' });
      }
      const result = await waitForJob<R>(
        jobId,
        (job) =>
          setState((before) => ({
            running: true,
            progress: Math.max(0, Math.min(100, Math.round(job.progress ?? 0))),
            message: job.message ?? (job.status === 'queued' ? 'Queued...' : 'Working...'),
            partial: job.partial || before.partial,
          })),
        ctrl.signal,
      );
      setState({ running: false, progress: 100, message: 'Done', partial: '' });
      return result;
    } catch (error) {
      setState({ running: false, progress: 0, message: '', partial: '' });
      if (ctrl.signal.aborted && current.current === null) throw new JobCancelledError('Cancelled.');
      throw error;
    } finally {
      if (controller.current === ctrl) current.current = null;
    }
  }, []);

  /** Stop the running job: the server cancels it, the runner stops following it. */
  const cancel = useCallback(async () => {
    const jobId = current.current;
    current.current = null;
    controller.current?.abort();
    if (jobId) await cancelJob(jobId).catch(() => undefined); // over already: nothing to stop
  }, []);

  return { ...state, run, cancel };
}
