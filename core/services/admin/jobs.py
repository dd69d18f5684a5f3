"""Admin: the Jobs tab. Each queue's depth and the workers serving it, the jobs running, waiting
and failed (with reason and owner); Retry and Cancel (``core.job_reaper.retry`` and ``cancel``)."""
import datetime as dt

import redis
from rq import Queue

from core import job_queues, job_reaper, jobs
from core.choices import JOB_ACTIVE, JobStatus
from core.errors import abort
from core.models import Job, User

#: how many failed jobs the tab lists (newest first), and at most how many running or waiting
FAILED_SHOWN = 50
ACTIVE_SHOWN = 200


def overview():
    """``{"queues": [{name, depth, workers, noWorker}], "jobs": [...]}``."""
    conn = job_queues.connection()
    try:
        everyone = job_queues.workers(conn)
        names = list(jobs.QUEUES)
        names += sorted({q for w in everyone for q in w["queues"]} - set(names))
        depths = {name: Queue(job_queues.queue_name(name), connection=conn).count for name in names}
        own = job_queues.own_identities(conn)
    except redis.RedisError:
        abort(503, message="The job queue is unavailable. Please try again shortly.")
    active = list(Job.select().where(Job.status.in_(JOB_ACTIVE))
                  .order_by(Job.created_at.desc()).limit(ACTIVE_SHOWN))
    failed = list(Job.select().where(Job.status == JobStatus.FAILED)
                  .order_by(Job.finished_at.desc(nulls="LAST"), Job.created_at.desc())
                  .limit(FAILED_SHOWN))
    owners = {user.id: user for user in User.select().where(
        User.id.in_({job.user_id for job in active + failed if job.user_id}))}
    queues = []
    for name in names:
        serving = [w for w in everyone if name in w["queues"]]
        queues.append({"name": name, "depth": depths[name],
                       "workers": [_worker(w) for w in serving],
                       "noWorker": not any(w["alive"] for w in serving)})
    unserved = {q["name"] for q in queues if q["noWorker"]}
    return {"queues": queues,
            "jobs": [_job(job, owners.get(job.user_id), own, unserved)
                     for job in active + failed]}


def _worker(entry):
    return {**entry, "lastSeen": dt.datetime.fromtimestamp(entry["lastSeen"], dt.UTC)
            .replace(tzinfo=None)}


def _job(job, owner, own, unserved):
    other = job.queue_ident is not None and job.queue_ident not in own
    return {"id": job.id, "kind": job.kind, "description": jobs.describe(job), "queue": job.queue,
            "status": job.status, "progress": job.progress, "message": job.message,
            "error": job.error, "retries": job.retries, "owner": owner, "videoId": job.video_id,
            "otherQueue": other,
            "noWorker": job.status == JobStatus.QUEUED and not other and job.queue in unserved,
            "createdAt": job.created_at, "startedAt": job.started_at,
            "finishedAt": job.finished_at}


def one(job_id):
    job = Job.get_or_none(Job.id == job_id)
    if job is None:
        abort(404, message="Job not found")
    return job


def retry(job_id):
    """Put a failed job on its queue again (409 when it is not failed or cannot run again)."""
    job = one(job_id)
    if job.status != JobStatus.FAILED:
        abort(409, message=f"Only a failed job can be retried (this one is {job.status}).")
    try:
        job = job_reaper.retry(job, job_queues.connection())
    except job_reaper.JobConflict as exc:
        abort(409, message=str(exc))
    return listed(job)


def cancel(job_id):
    """Stop a queued or running job (409 when it is over already)."""
    job = one(job_id)
    try:
        job = job_reaper.cancel(job)
    except job_reaper.JobConflict as exc:
        abort(409, message=str(exc))
    return listed(Job.get_by_id(job.id))


def listed(job):
    """``job`` as the tab lists it."""
    conn = job_queues.connection()
    serving = job_queues.serving(conn, job.queue)
    return _job(job, User.get_or_none(User.id == job.user_id), job_queues.own_identities(conn),
                {job.queue} if serving == [] else set())
