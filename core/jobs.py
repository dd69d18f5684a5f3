"""Background jobs on RQ: the queue connection, enqueueing, waiting, failing and reaping.

Each job has a row in ``jobs`` (status, 0-100 progress, message, result, error) that the API reads.
What runs a job is the worker (``core.worker``) with the handler a plugin registered for its kind
(the ``register_jobs`` hook). While a job runs its worker keeps a heartbeat key alive in Redis; a
job whose heartbeat stops (the worker was killed) or that RQ marks failed (timeout, crash) is
marked failed with a readable reason the next time anyone looks at it, so nothing stays
"processing" forever.
"""
import json
import logging
import os
import socket
import time
import uuid

import redis
from flask import has_app_context
from rq import Queue
from rq.command import send_stop_job_command
from rq.exceptions import InvalidJobOperation, NoSuchJobError
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


# --- which queue (a job row names the queue it was put on) ---------------------------------------
#
# Every Redis a site's processes use carries an identity, a random name the first process to use
# it writes there; a job row stores the identity (with the queue prefix) of the queue it was put
# on, and only processes of that queue reconcile it. A worker started with another REDIS_URL (a
# wrong db number, the other side of a Redis migration) but the same database then leaves the
# other queue's jobs alone instead of failing them as "lost". A Redis that restarted empty gets
# its identity back from the first process that knew it; if a fresh one wrote a new identity
# first, the old one is recorded beside it (``ALIASES_KEY``) and still counts as this queue's.

IDENTITY_KEY = "dreadforge:queue-identity"
ALIASES_KEY = "dreadforge:queue-identity:previous"
IDENTITY_CACHE_SECONDS = 2.0
_seen = {}  # Redis connection -> the identities read through it, newest last
_own = {}  # (Redis connection, prefix) -> (monotonic time, identities of that queue)


def redis_identity(conn):
    """The identity of the Redis behind ``conn`` (written there now if it has none), or the last
    one seen through it when Redis cannot be reached (None if none was)."""
    seen = _seen.setdefault(conn, [])
    try:
        current = conn.get(IDENTITY_KEY)
        if current is None:  # a new Redis, or one that restarted empty
            conn.set(IDENTITY_KEY, seen[-1] if seen else uuid.uuid4().hex[:16], nx=True)
            current = conn.get(IDENTITY_KEY)
        current = current.decode()
        if seen and current != seen[-1]:  # a process new to it wrote another first: same queue
            conn.sadd(ALIASES_KEY, *seen)
    except (redis.RedisError, AttributeError):
        return seen[-1] if seen else None
    if current not in seen:
        seen.append(current)
    return current


def queue_identity(conn):
    """What a job row put on ``conn``'s queues stores: ``{Redis identity}/{queue prefix}``."""
    identity = redis_identity(conn)
    return None if identity is None else f"{identity}/{queue_prefix()}"


def own_identities(conn):
    """Every ``queue_identity`` that names the queue behind ``conn`` (briefly cached)."""
    key = (conn, queue_prefix())
    cached = _own.get(key)
    if cached and time.monotonic() - cached[0] < IDENTITY_CACHE_SECONDS:
        return cached[1]
    redis_identity(conn)
    identities = set(_seen.get(conn, ()))
    try:
        identities |= {alias.decode() for alias in conn.smembers(ALIASES_KEY)}
    except redis.RedisError:
        pass
    own = frozenset(f"{identity}/{key[1]}" for identity in identities)
    _own[key] = (time.monotonic(), own)
    return own


def is_own(job, conn):
    """Whether ``job`` was put on the queue behind ``conn`` (rows from before migration 0014
    name no queue: every process may reconcile them, as then)."""
    return job.queue_ident is None or job.queue_ident in own_identities(conn)


# --- workers (each says which queues it serves, every few seconds) -------------------------------

WORKERS_KEY = "dreadforge:workers"
#: a worker not heard of for this long is forgotten
FORGET_AFTER = 86400


def announce(conn, queues, ttl, name=None):
    """Record that this process serves ``queues`` (short names) and is alive for ``ttl`` s."""
    now = _redis_time(conn)
    me = f"{socket.gethostname()}:{os.getpid()}"
    conn.hset(queue_name(WORKERS_KEY), me, json.dumps(
        {"name": name or me, "host": socket.gethostname(), "pid": os.getpid(),
         "queues": list(queues), "seen": now, "ttl": ttl}))


def withdraw(conn):
    """This process no longer serves any queue (it stops)."""
    conn.hdel(queue_name(WORKERS_KEY), f"{socket.gethostname()}:{os.getpid()}")


def workers(conn):
    """The workers that announced themselves on this queue, each a dict: name, host, pid,
    queues, lastSeen (seconds since the epoch), alive (heard of within its own ttl)."""
    key = queue_name(WORKERS_KEY)
    now = _redis_time(conn)
    found, forgotten = [], []
    for field, value in conn.hgetall(key).items():
        try:
            entry = json.loads(value)
            seen = float(entry["seen"])
        except (ValueError, KeyError, TypeError):
            forgotten.append(field)
            continue
        if now - seen > FORGET_AFTER:
            forgotten.append(field)
            continue
        found.append({"name": entry.get("name") or field.decode(), "host": entry.get("host"),
                      "pid": entry.get("pid"), "queues": entry.get("queues") or [],
                      "lastSeen": seen, "alive": now - seen <= float(entry.get("ttl") or 30)})
    if forgotten:
        conn.hdel(key, *forgotten)
    return sorted(found, key=lambda w: (not w["alive"], w["name"]))


def serving(conn, queue):
    """The live workers of ``queue`` (a short name), or None when Redis cannot say."""
    try:
        return [w for w in workers(conn) if w["alive"] and queue in w["queues"]]
    except redis.RedisError:
        return None


def _redis_time(conn):
    seconds, micros = conn.time()  # one clock for every machine
    return seconds + micros / 1e6


# --- enqueueing ----------------------------------------------------------------------------------


class QueueUnavailable(ServiceUnavailable):
    """The job queue (Redis) cannot be reached: the API answers 503 with this message."""

    description = "The job queue is unavailable. Please try again shortly."


#: what a job is called on the queue (RQ's description: worker logs, dashboards), by kind
DESCRIPTIONS = {"video.render": "render video {video}",
                "story.generate": "generate story for user {user}",
                "story.suggest": "suggest story ideas for user {user}",
                "story.enhance": "revise story for user {user}"}


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
         "story.suggest": ("suggestion", "suggestions"), "story.enhance": ("revision", "revisions")}


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
