"""Background jobs on RQ: the queue connection, enqueueing, waiting, failing and reaping.

Each job has a row in ``jobs`` (status, 0-100 progress, message, result, error) that the API reads.
What runs a job is the worker (``core.worker``) with the handler a plugin registered for its kind
(the ``register_jobs`` hook). While a job runs its worker keeps a heartbeat key alive in Redis; a
job whose heartbeat stops (the worker was killed) or that RQ marks failed (timeout, crash) is
marked failed with a readable reason the next time anyone looks at it, so nothing stays
"processing" forever.
"""
import logging

import redis
from flask import has_app_context
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job as RQJob
from rq.job import JobStatus as RQStatus
from werkzeug.exceptions import ServiceUnavailable

from core import request_id
from core.choices import JOB_ACTIVE, JobStatus
from core.config import setting
from core.models import Job, utcnow
from core.plugins import plugin_host
from core.providers import JobHandler  # noqa: F401  (what ``register_jobs`` maps a kind to)

log = logging.getLogger(__name__)

QUEUES = ("stories", "videos", "default")
HEARTBEAT_SECONDS = 2
HEARTBEAT_TTL = 12
#: what RQ runs for every Dreadforge job
RUN_JOB = "core.worker.run_job"


def handler_for(kind):
    """The ``JobHandler`` the current app's plugins registered for ``kind``, or None."""
    if not has_app_context():
        return None
    return plugin_host().job_handlers().get(kind)


# --- connections ---------------------------------------------------------------------------------

_connections = {}


def queue_prefix():
    return setting("DREADFORGE_QUEUE_PREFIX")


def queue_name(name):
    return f"{queue_prefix()}{name}"


def connection(url=None):
    """The Redis connection for ``url`` (``redis://…`` or ``unix://…``)."""
    url = url or setting("REDIS_URL")
    if not url:
        raise RuntimeError("REDIS_URL is not set: start the embedded queue with `dreadforge run`")
    if url not in _connections:
        # a queue that is down answers at once; a host that is gone is given up after 3 s
        _connections[url] = redis.Redis.from_url(url, socket_connect_timeout=3)
    return _connections[url]


def app_connection(app):
    """The app's queue: REDIS_URL, or else the embedded server of its data folder (started now
    if `dreadforge run` did not start it already)."""
    url = app.config.get("REDIS_URL") or setting("REDIS_URL")
    if not url:
        from core.queue_server import start_embedded_redis
        _process, url = start_embedded_redis(app.config["DATA_DIR"])
        app.config["REDIS_URL"] = url
    return connection(url)


# --- enqueueing ----------------------------------------------------------------------------------


class QueueUnavailable(ServiceUnavailable):
    """The job queue (Redis) cannot be reached: the API answers 503 with this message."""

    description = "The job queue is unavailable. Please try again shortly."


def enqueue(kind, *, user, payload, queue="stories", timeout=300, video=None):
    """Record a job and put it on an RQ queue; returns the Job row. Raises ``QueueUnavailable``
    (and leaves no row behind) when the queue cannot be reached."""
    from flask import current_app
    job = Job.create(kind=kind, user=user, payload=payload, queue=queue, video=video,
                     message="Waiting for a worker")
    try:
        rq_queue = Queue(queue_name(queue), connection=app_connection(current_app))
        rq_queue.enqueue(RUN_JOB, job.id, job_id=job.id, job_timeout=timeout,
                         result_ttl=3600, failure_ttl=7 * 86400,
                         description=f"{kind} for user {job.user_id}",
                         meta={"request_id": request_id.current()})
    except (redis.RedisError, OSError) as exc:
        log.warning("could not enqueue %s job %s: %s", kind, job.id, exc)
        Job.delete().where(Job.id == job.id).execute()
        raise QueueUnavailable() from None
    return job


# --- waiting (what a queued job waits for) -------------------------------------------------------

#: how a waiting message names the jobs ahead: kind -> (one, many)
NOUNS = {"video.render": ("video render", "video renders"), "story.generate": ("story", "stories"),
         "story.suggest": ("suggestion", "suggestions"), "story.enhance": ("revision", "revisions")}


def waiting_message(job):
    """What a queued job waits for and roughly how long: "Waiting for a worker: 1 video render
    ahead, about 40 s" (the time when it can be told: from the progress of the running job and
    the duration of recent ones of each kind)."""
    ahead = list(Job.select(Job.kind, Job.status, Job.progress, Job.started_at)
                 .where((Job.queue == job.queue) & Job.status.in_(JOB_ACTIVE)
                        & (Job.created_at < job.created_at) & (Job.id != job.id)))
    if not ahead:
        return "Waiting for a worker"
    counts = {}
    for other in ahead:
        counts[other.kind] = counts.get(other.kind, 0) + 1
    parts = []
    for kind, count in counts.items():
        one, many = NOUNS.get(kind, ("job", "jobs"))
        parts.append(f"{count} {one if count == 1 else many}")
    message = f"Waiting for a worker: {', '.join(parts)} ahead"
    seconds = _seconds_left(ahead)
    return message if seconds is None else f"{message}, about {_rounded(seconds)} s"


def _seconds_left(ahead):
    typical, total = {}, 0.0
    for other in ahead:
        if other.status == JobStatus.PROCESSING and other.started_at and other.progress >= 5:
            elapsed = (utcnow() - other.started_at).total_seconds()
            total += elapsed * (100 - other.progress) / other.progress
            continue
        if other.kind not in typical:
            typical[other.kind] = _typical_duration(other.kind)
        if typical[other.kind] is None:
            return None
        total += typical[other.kind]
    return total


def _typical_duration(kind, sample=20):
    """The mean run time (seconds) of the last ``sample`` completed jobs of ``kind``, or None."""
    recent = (Job.select(Job.started_at, Job.finished_at)
              .where((Job.kind == kind) & (Job.status == JobStatus.COMPLETED)
                     & Job.started_at.is_null(False) & Job.finished_at.is_null(False))
              .order_by(Job.finished_at.desc()).limit(sample))
    durations = [(j.finished_at - j.started_at).total_seconds() for j in recent]
    return sum(durations) / len(durations) if durations else None


def _rounded(seconds):
    return max(1, int(round(seconds, -1) if seconds >= 20 else round(seconds)))


# What people read when a job fails for a reason of the machine's, not of their request: never
# the exception's own text (it names sockets, files and modules).
RESTARTED = "The server restarted during {activity}. Please try again."
DATABASE_BUSY = "The database was busy. Please try again."
OUT_OF_MEMORY = "The server ran out of memory during {activity}. Please try again later."
UNEXPECTED = "Something went wrong during {activity}. Please try again."
ACTIVITIES = {"video.render": "rendering", "story.generate": "writing",
              "story.suggest": "the suggestions", "story.enhance": "the revision"}


def plain_reason(exc, kind=None):
    """A sentence for users about ``exc``, an exception a job raised."""
    from peewee import OperationalError
    if isinstance(exc, (redis.ConnectionError, redis.TimeoutError, ConnectionError)):
        text = RESTARTED
    elif isinstance(exc, OperationalError) and "locked" in str(exc):
        text = DATABASE_BUSY
    elif isinstance(exc, MemoryError):
        text = OUT_OF_MEMORY
    else:
        text = UNEXPECTED
    return text.format(activity=ACTIVITIES.get(kind, "this job"))


def fail(job, reason):
    """Mark a job failed (and whatever it was making, through its handler's ``on_fail``)."""
    updated = (Job.update(status=JobStatus.FAILED, error=reason, message="Failed",
                          finished_at=utcnow())
               .where((Job.id == job.id) & (Job.status.in_(JOB_ACTIVE)))
               .execute())
    job.status, job.error = JobStatus.FAILED, reason
    job_handler = handler_for(job.kind) if updated else None
    if job_handler and job_handler.on_fail:
        try:
            job_handler.on_fail(job, reason)
        except Exception:
            log.exception("on_fail of job %s failed", job.id)
    return job


# --- reaping (on read, and in every worker's loop) -----------------------------------------------


def reconcile(job, conn=None, stale_after=None):
    """Bring a queued/processing job row in line with reality; returns the (refreshed) job."""
    stale_after = HEARTBEAT_TTL if stale_after is None else stale_after
    if job.status not in JOB_ACTIVE:
        return job
    try:
        conn = conn or connection()
    except RuntimeError:
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
        return fail(job, "The job was lost by the queue. Please try again.")
    if rq_status in (RQStatus.FAILED, RQStatus.STOPPED, RQStatus.CANCELED):
        return fail(job, failure_reason(rq_job, job.kind))
    if job.status == JobStatus.PROCESSING and job.started_at is not None:
        alive = _maybe_alive(conn, job.id)
        age = (utcnow() - job.started_at).total_seconds()
        if not alive and age > stale_after:
            return fail(job, "The worker running this job stopped unexpectedly. Please try again.")
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


def reap(conn):
    """Reconcile every unfinished job (called periodically by workers)."""
    for job in Job.select().where(Job.status.in_(JOB_ACTIVE)):
        reconcile(job, conn)
