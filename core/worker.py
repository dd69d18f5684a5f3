"""The worker side of the jobs: the worker process's app, and running one job in it.

RQ calls ``run_job(job_id)`` (``core.jobs.RUN_JOB``) for every Dreadforge job. The handler of the
job's kind comes from the plugins' ``register_jobs`` hook (the built-in ones from
``core.services.job_handlers``, a built-in plugin). While the job runs a heartbeat key stays alive
in Redis and progress is saved to its row; a failure becomes a reason a person can read.
"""
import logging
import threading
import time

import redis
from rq import get_current_job

from core import job_text, jobs, metrics, request_id
from core.app import create_app
from core.choices import JobStatus
from core.db import database
from core.models import Job, utcnow
from core.plugins import plugin_host
from core.providers import ProviderError

log = logging.getLogger(__name__)

_worker_app = None


def worker_app():
    """The app of this worker process, created once (before RQ forks each job's work horse)."""
    global _worker_app
    if _worker_app is None:
        _worker_app = create_app()
    return _worker_app


#: which provider a worker draining each queue loads before it forks
PRELOADED = {"stories": "story_provider", "videos": "video_provider"}


def preload_providers(app, queues):
    """Let the providers of ``queues`` load what they keep per process (a local model, the
    narration voices) before RQ forks the work horses, so every job shares it instead of loading
    it again. A failure is only logged: the jobs then fail with the provider's own readable
    reason."""
    host = plugin_host(app)
    for queue in queues:
        kind = PRELOADED.get(queue)
        if kind is None:
            continue
        provider = getattr(host, kind)()
        preload = getattr(provider, "preload", None)
        if preload is not None:
            try:
                preload()
            except Exception as exc:  # noqa: BLE001
                log.warning("could not preload the %s %s: %s", kind.replace("_", " "),
                            provider.name, exc)


class ProgressReporter:
    """``progress(percent, message)`` for a running job: saved to its row, throttled, monotonic."""

    def __init__(self, job, min_interval=0.25, conn=None):
        self.job = job
        self.min_interval = min_interval
        self.last_saved = 0.0
        self.listeners = []
        #: ``partial(text)``: the text written so far (``core.job_text``), read by the job API
        self.partial = job_text.PartialText(job, conn)

    def __call__(self, percent, message=None):
        percent = max(self.job.progress, min(99, int(percent)))
        changed = message is not None and message != self.job.message
        now = time.monotonic()
        if not changed and percent == self.job.progress:
            return
        if not changed and now - self.last_saved < self.min_interval:
            self.job.progress = percent
            return
        self.job.progress = percent
        if message is not None:
            self.job.message = message[:200]
        self.last_saved = now
        Job.update(progress=self.job.progress, message=self.job.message).where(
            (Job.id == self.job.id) & (Job.status == JobStatus.PROCESSING)).execute()
        for listener in self.listeners:
            listener(self.job.progress, self.job.message)
        rq_job = get_current_job()
        if rq_job is not None:
            try:  # a copy for RQ's tools; the row above is what the site reads
                rq_job.meta.update(progress=self.job.progress, message=self.job.message)
                rq_job.save_meta()
            except redis.RedisError:
                log.warning("job %s: the queue is unreachable, progress kept in the database",
                            self.job.id)


def _heartbeat(conn, job_id, stop):
    key = f"dreadforge:alive:{job_id}"
    while not stop.is_set():
        try:
            conn.set(key, "1", ex=jobs.HEARTBEAT_TTL)
        except redis.RedisError:
            log.warning("heartbeat for job %s could not reach Redis", job_id)
        stop.wait(jobs.HEARTBEAT_SECONDS)
    try:
        conn.delete(key)
    except redis.RedisError:
        pass  # it expires on its own


def run_job(job_id):
    """The RQ entry point of every Dreadforge job."""
    app = worker_app()
    rq_job = get_current_job()
    stop = threading.Event()
    beat = None
    if rq_job is not None:
        beat = threading.Thread(target=_heartbeat, args=(rq_job.connection, job_id, stop),
                                daemon=True)
        beat.start()
    request_id.of_job(rq_job)  # its log lines carry the id of the request that enqueued it
    metrics.in_job()
    started = time.monotonic()
    try:
        with app.app_context():
            database.connect(reuse_if_open=True)
            try:
                return _run(job_id, app)
            finally:
                metrics.job_finished(job_id, time.monotonic() - started)
                database.close()
    finally:
        stop.set()
        if beat is not None:
            beat.join(timeout=5)


def _run(job_id, app):
    job = Job.get_or_none(Job.id == job_id)
    if job is None:
        log.warning("job %s no longer exists (its owner or content was deleted)", job_id)
        return None
    job_handler = plugin_host(app).job_handlers().get(job.kind)
    if job_handler is None:
        jobs.fail(job, f"No handler for jobs of kind '{job.kind}'.")
        return None
    job.status, job.started_at, job.progress, job.message = (JobStatus.PROCESSING, utcnow(), 1,
                                                          "Starting")
    started = (Job.update(status=job.status, started_at=job.started_at, progress=job.progress,
                          message=job.message)
               .where((Job.id == job.id) & (Job.status == JobStatus.QUEUED)).execute())
    if not started:  # cancelled or failed while it waited (or another worker has it)
        log.warning("job %s (%s) not started: it is %s", job.id, job.kind,
                    Job.get_by_id(job.id).status)
        return None
    if job_handler.on_start:
        job_handler.on_start(job)
    rq_job = get_current_job()
    conn = rq_job.connection if rq_job is not None else None
    progress = ProgressReporter(job, conn=conn)
    try:
        result = job_handler.run(job, progress, app)
    except ProviderError as exc:
        jobs.fail(job, str(exc), run=job.started_at)
        return None
    except Exception as exc:  # the job fails, with a reason a person can read; the worker lives on
        log.exception("job %s (%s) crashed", job.id, job.kind)
        jobs.fail(job, jobs.plain_reason(exc, job.kind), run=job.started_at)
        return None
    finally:
        if conn is not None:
            job_text.drop(conn, job.id)
    # written only while the row is still this run's: a job reaped or cancelled meanwhile stays
    # failed with its reason (what it made was already dropped by its handler's on_fail)
    completed = (Job.update(status=JobStatus.COMPLETED, progress=100, message="Done",
                            result=result, finished_at=utcnow())
                 .where((Job.id == job.id) & (Job.status == JobStatus.PROCESSING)
                        & (Job.started_at == job.started_at))
                 .execute())
    if not completed:
        fresh = Job.get_or_none(Job.id == job.id)
        log.warning("job %s (%s) finished, but its row was no longer processing (%s: %s): "
                    "the result is dropped", job.id, job.kind, fresh and fresh.status,
                    fresh and fresh.error)
        return {"status": fresh.status if fresh else None}
    return {"status": JobStatus.COMPLETED}
