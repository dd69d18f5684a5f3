"""Reaping: bring a queued or processing job row in line with its queue (on read, and in every
worker's loop), put a render the queue lost on it again once, and an admin's retry and cancel."""
import logging

import redis
from rq.command import send_stop_job_command
from rq.exceptions import InvalidJobOperation, NoSuchJobError
from rq.job import Job as RQJob
from rq.job import JobStatus as RQStatus

from core.choices import JOB_ACTIVE, JobStatus
from core.job_queues import announce, connection, is_own, own_identities, queue_identity
from core.jobs import (
    ACTIVITIES,
    HEARTBEAT_TTL,
    RESTARTED,
    UNEXPECTED,
    QueueUnavailable,
    _put,
    describe,
    fail,
    handler_for,
)
from core.models import Job, utcnow

log = logging.getLogger("core.jobs")

# --- reaping (on read, and in every worker's loop) -----------------------------------------------

LOST = "The job was lost by the queue. Please try again."
STOPPED = "The worker running this job stopped unexpectedly. Please try again."
CANCELLED = "Cancelled by an admin."
#: how often a job the queue lost is put on it again by itself (when its kind allows it)
AUTO_RETRIES = 1


def reconcile(job, conn=None, stale_after=None):
    """Bring a queued/processing job row in line with reality; returns the (refreshed) job.
    Only a job of this process's queue (``is_own``): another queue's job is left alone."""
    stale_after = HEARTBEAT_TTL if stale_after is None else stale_after
    if job.status not in JOB_ACTIVE:
        return job
    try:
        conn = conn or connection()
    except RuntimeError:
        return job
    if not is_own(job, conn):
        return job
    try:
        rq_job = RQJob.fetch(job.id, connection=conn)
        rq_status = rq_job.get_status(refresh=True)
    except NoSuchJobError:
        rq_job, rq_status = None, None
    except redis.RedisError:
        return job
    fresh = Job.get_or_none(Job.id == job.id)
    if fresh is None or fresh.status not in JOB_ACTIVE:
        return fresh or job
    job = fresh
    if rq_job is None:
        if job.status == JobStatus.PROCESSING and _maybe_alive(conn, job.id):
            return job  # the queue restarted while it ran: its worker is still on it
        return lost(job, conn)
    if rq_status in (RQStatus.FAILED, RQStatus.STOPPED, RQStatus.CANCELED):
        return reaped(job, failure_reason(rq_job, job.kind))
    if job.status == JobStatus.PROCESSING and job.started_at is not None:
        alive = _maybe_alive(conn, job.id)
        age = (utcnow() - job.started_at).total_seconds()
        if not alive and age > stale_after:
            return reaped(job, STOPPED)
    return job


def reaped(job, reason):
    """Fail ``job`` for ``reason`` (its queue or worker let it down), with a log line."""
    log.warning("job %s (%s, %s) reaped: %s", job.id, job.kind, describe(job), reason)
    return fail(job, reason)


def lost(job, conn):
    """``job`` is no longer on the queue (Redis restarted empty, or was flushed): put it on again
    once when its kind allows (``JobHandler.retry_lost``: a render that published nothing yet),
    else fail it."""
    handler = handler_for(job.kind)
    if not (handler is not None and getattr(handler, "retry_lost", False)
            and job.retries < AUTO_RETRIES):
        return reaped(job, LOST)
    lock = f"dreadforge:retrying:{job.id}"
    try:
        if not conn.set(lock, "1", nx=True, ex=30):
            return job  # another process is putting it back right now
        try:
            if RQJob.exists(job.id, connection=conn):
                return Job.get_by_id(job.id)  # it was, meanwhile
            return retry(job, conn, reason="the queue lost it", automatic=True)
        finally:
            conn.delete(lock)
    except redis.RedisError:
        return job


class JobConflict(Exception):
    """A job that cannot be retried or cancelled now (its row moved on, or what it makes says
    no): the message says why."""


def retry(job, conn=None, reason="asked by an admin", automatic=False):
    """Put ``job`` on its queue again: the same row and id, back to queued (from queued or
    processing when the queue lost it, from failed when an admin asks). Its handler's
    ``on_retry(job)`` prepares what the job makes (a video back to processing) or answers why it
    cannot run again. Returns the refreshed row; raises ``JobConflict``, or ``QueueUnavailable``
    when the queue cannot be reached (the row is then as before)."""
    conn = conn or connection()
    allowed = [job.status] if automatic else [JobStatus.FAILED]
    before = {field: getattr(job, field) for field in (
        "status", "progress", "message", "error", "result", "started_at", "finished_at",
        "retries", "queue_ident")}
    claimed = (Job.update(status=JobStatus.QUEUED, progress=0, message="Waiting for a worker",
                          error=None, result=None, started_at=None, finished_at=None,
                          retries=Job.retries + 1, queue_ident=queue_identity(conn))
               .where((Job.id == job.id) & Job.status.in_(allowed)
                      & (Job.retries == job.retries))
               .execute())
    if not claimed:
        raise JobConflict("The job changed meanwhile: reload and try again.")
    handler = handler_for(job.kind)
    problem = handler.on_retry(job) if handler is not None and getattr(
        handler, "on_retry", None) else None
    if problem:
        if automatic:
            return reaped(Job.get_by_id(job.id), LOST)
        Job.update(**before).where(Job.id == job.id).execute()
        raise JobConflict(problem)
    job = Job.get_by_id(job.id)
    try:
        try:
            RQJob.fetch(job.id, connection=conn).delete()  # its old run, kept as failed
        except NoSuchJobError:
            pass
        _put(job, conn)
    except (redis.RedisError, OSError) as exc:
        log.warning("could not put job %s on the queue again: %s", job.id, exc)
        if automatic:
            return reaped(job, LOST)
        Job.update(**before).where(Job.id == job.id).execute()
        raise QueueUnavailable() from None
    log.warning("job %s (%s, %s) put on the queue again (retry %d): %s", job.id, job.kind,
                describe(job), job.retries, reason)
    return job


def cancel(job, conn=None, reason=CANCELLED):
    """Stop a queued or running job: the row fails with ``reason`` (and what it was making, by
    its ``on_fail``), the queue drops it, a worker running it stops it. Returns the row."""
    if job.status not in JOB_ACTIVE:
        raise JobConflict("The job is not queued or running.")
    job = fail(job, reason)
    log.warning("job %s (%s, %s) cancelled: %s", job.id, job.kind, describe(job), reason)
    try:
        conn = conn or connection()
        rq_job = RQJob.fetch(job.id, connection=conn)
        if rq_job.get_status(refresh=True) == RQStatus.STARTED:
            send_stop_job_command(conn, job.id)
        else:
            rq_job.cancel()
    except (NoSuchJobError, InvalidJobOperation, RuntimeError):
        pass  # not on this queue (or no longer): the row says it is over, no worker starts it
    except redis.RedisError as exc:
        log.warning("job %s cancelled, but the queue could not be told: %s", job.id, exc)
    return job


def _maybe_alive(conn, job_id):
    """Is a worker's heartbeat for ``job_id`` in Redis, or could it be? (Yes when Redis cannot
    say, or restarted too lately for the heartbeats to be back: a job is never failed for a
    queue outage alone.)"""
    try:
        return bool(conn.exists(f"dreadforge:alive:{job_id}")
                    or conn.info("server").get("uptime_in_seconds", 0) < HEARTBEAT_TTL)
    except redis.RedisError:
        return True


def failure_reason(rq_job, kind=None):
    """Why RQ says ``rq_job`` failed, in words for users (a ``kind`` job)."""
    text = ""
    try:
        result = rq_job.latest_result()
        text = (result.exc_string or "") if result else ""
    except Exception:  # older results may not be readable; the generic reason will do
        text = ""
    if "redis.exceptions.ConnectionError" in text or "redis.exceptions.TimeoutError" in text:
        return RESTARTED.format(activity=ACTIVITIES.get(kind, "this job"))
    if "JobTimeoutException" in text or "timeout" in text.lower():
        return f"The job took longer than {rq_job.timeout} seconds and was stopped."
    if "work-horse" in text.lower() or "killed" in text.lower() or "signal" in text.lower():
        return "The worker running this job stopped unexpectedly. Please try again."
    return UNEXPECTED.format(activity=ACTIVITIES.get(kind, "this job"))


def reap(conn, queues=(), ttl=30, name=None):
    """Announce this worker (serving ``queues``, alive for ``ttl`` s) and reconcile every
    unfinished job of its own queue (called periodically by workers)."""
    if queues:
        announce(conn, queues, ttl, name)
    own = list(own_identities(conn))
    for job in Job.select().where(Job.status.in_(JOB_ACTIVE)
                                  & (Job.queue_ident.in_(own) | Job.queue_ident.is_null())):
        reconcile(job, conn)
