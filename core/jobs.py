"""Background jobs on RQ: enqueueing, waiting and failing (the queues: ``core.job_queues``;
reaping, retry and cancel: ``core.job_reaper``).

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
from werkzeug.exceptions import ServiceUnavailable

from core import request_id
from core.choices import JOB_ACTIVE, JobStatus
from core.job_queues import (  # noqa: F401  (``jobs.connection`` and the rest, as before)
    app_connection,
    connection,
    is_own,
    queue_identity,
    queue_name,
    serving,
)
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




# --- enqueueing ----------------------------------------------------------------------------------


class QueueUnavailable(ServiceUnavailable):
    """The job queue (Redis) cannot be reached: the API answers 503 with this message."""

    description = "The job queue is unavailable. Please try again shortly."


#: what a job is called on the queue (RQ's description: worker logs, dashboards), by kind
DESCRIPTIONS = {"video.render": "render video {video}",
                "story.generate": "generate story for user {user}",
                "story.outline": "outline story for user {user}",
                "story.suggest": "suggest story ideas for user {user}",
                "story.enhance": "revise story for user {user}",
                "story.continue": "continue story for user {user}",
                "story.rewrite": "rewrite a paragraph for user {user}"}


def describe(job):
    """"render video 12", "generate story for user 3": what ``job`` does, in a few words."""
    template = DESCRIPTIONS.get(job.kind, "{kind} for user {user}")
    return template.format(kind=job.kind, user=job.user_id, video=job.video_id)


def enqueue(kind, *, user, payload, queue="stories", timeout=300, video=None):
    """Record a job and put it on an RQ queue; returns the Job row. Raises ``QueueUnavailable``
    (and leaves no row behind) when the queue cannot be reached."""
    from flask import current_app
    try:
        conn = app_connection(current_app)
    except (redis.RedisError, OSError) as exc:
        log.warning("could not reach the queue for a %s job: %s", kind, exc)
        raise QueueUnavailable() from None
    job = Job.create(kind=kind, user=user, payload=payload, queue=queue, video=video,
                     message="Waiting for a worker", timeout=timeout,
                     queue_ident=queue_identity(conn))
    try:
        _put(job, conn)
    except (redis.RedisError, OSError) as exc:
        log.warning("could not enqueue %s job %s: %s", kind, job.id, exc)
        Job.delete().where(Job.id == job.id).execute()
        raise QueueUnavailable() from None
    return job


def _put(job, conn):
    """Put the row ``job`` on its RQ queue (job id = row id)."""
    rq_queue = Queue(queue_name(job.queue), connection=conn)
    rq_queue.enqueue(RUN_JOB, job.id, job_id=job.id, job_timeout=job.timeout or 300,
                     result_ttl=3600, failure_ttl=7 * 86400, description=describe(job),
                     meta={"request_id": request_id.current()})


# --- waiting (what a queued job waits for) -------------------------------------------------------

#: how a waiting message names the jobs ahead: kind -> (one, many)
NOUNS = {"video.render": ("video render", "video renders"), "story.generate": ("story", "stories"),
         "story.outline": ("outline", "outlines"),
         "story.suggest": ("suggestion", "suggestions"), "story.enhance": ("revision", "revisions"),
         "story.continue": ("continuation", "continuations"),
         "story.rewrite": ("rewriting", "rewritings")}


NO_WORKER = ("Waiting for a worker: no worker is serving the {queue} queue right now "
             "(the site's admins see this in their Jobs panel)")


def no_worker(job):
    """Whether ``job`` is queued on this process's queue and no live worker serves its queue
    (False when that cannot be told: Redis unreachable, or the job is another queue's)."""
    if job.status != JobStatus.QUEUED:
        return False
    try:
        conn = connection()
    except RuntimeError:
        return False
    if not is_own(job, conn):
        return False
    return serving(conn, job.queue) == []


def waiting_message(job, nobody=None):
    """What a queued job waits for and roughly how long: "Waiting for a worker: 1 video render
    ahead, about 40 s" (the time when it can be told: from the progress of the running job and
    the duration of recent ones of each kind), or that no worker serves its queue (``nobody``:
    ``no_worker(job)`` when the caller has it)."""
    if nobody if nobody is not None else no_worker(job):
        return NO_WORKER.format(queue=job.queue)
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
ACTIVITIES = {"video.render": "rendering", "story.generate": "writing", "story.outline": "the outline",
              "story.suggest": "the suggestions", "story.enhance": "the revision",
              "story.continue": "the continuation", "story.rewrite": "the rewriting"}


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


def fail(job, reason, run=None):
    """Mark a job failed (and whatever it was making, through its handler's ``on_fail``); with
    ``run`` (its ``started_at``), only while the row is still that run's (a worker failing a job
    that was reaped and put on the queue again meanwhile leaves the new run alone)."""
    mine = (Job.id == job.id) & Job.status.in_(JOB_ACTIVE)
    if run is not None:
        mine &= (Job.status == JobStatus.PROCESSING) & (Job.started_at == run)
    updated = (Job.update(status=JobStatus.FAILED, error=reason, message="Failed",
                          finished_at=utcnow())
               .where(mine)
               .execute())
    job.status, job.error = JobStatus.FAILED, reason
    job_handler = handler_for(job.kind) if updated else None
    if job_handler and job_handler.on_fail:
        try:
            job_handler.on_fail(job, reason)
        except Exception:
            log.exception("on_fail of job %s failed", job.id)
    return job
