"""A running job's partial text: the story as it is being written, for the editor to show.

A writer reports the whole text so far through its progress (``core.providers.report_partial``);
the worker keeps it in Redis under the job's id (``save``: at most a few writes a second, never
the database) and the job API returns it as ``partial`` while the job runs (``read``). Each save
also looks whether the job's owner cancelled it meanwhile: the writer then stops at that chunk
(``JobCancelled``), without waiting for the queue to stop the process.
"""
import logging
import time

import redis

from core.choices import JobStatus
from core.job_queues import connection, is_own
from core.models import Job
from core.providers import JobCancelled

log = logging.getLogger(__name__)

KEY = "dreadforge:partial:{job_id}"
#: a partial text outlives its job by this long at most (a worker that died leaves one behind)
TTL = 3600
#: the least time between two saves of one job's text (seconds)
MIN_INTERVAL = 0.3
CANCELLED = "Cancelled."


def key(job_id):
    return KEY.format(job_id=job_id)


def read(job):
    """The partial text of a processing ``job`` of this process's queue, or None."""
    if job.status != JobStatus.PROCESSING:
        return None
    try:
        conn = connection()
        if not is_own(job, conn):
            return None
        value = conn.get(key(job.id))
    except (RuntimeError, redis.RedisError):
        return None
    return value.decode("utf-8") if value else None


def drop(conn, job_id):
    try:
        conn.delete(key(job_id))
    except redis.RedisError:
        pass  # it expires on its own


class PartialText:
    """``partial(text)`` for one running job: saves the latest text at most every
    ``min_interval`` seconds and raises ``JobCancelled`` once the job's row is no longer this run's
    (cancelled by its owner or an admin, or reaped)."""

    def __init__(self, job, conn, min_interval=MIN_INTERVAL):
        self.job, self.conn, self.min_interval = job, conn, min_interval
        self.last = 0.0
        self.pending = None

    def __call__(self, text):
        self.pending = text
        now = time.monotonic()
        if now - self.last < self.min_interval:
            return
        self.last = now
        self.flush()

    def flush(self):
        if self.pending is None:
            return
        if self.cancelled():
            raise JobCancelled(CANCELLED)
        if self.conn is not None:
            try:
                self.conn.set(key(self.job.id), self.pending, ex=TTL)
            except redis.RedisError:
                log.warning("job %s: the queue is unreachable, its partial text is not shown",
                            self.job.id)
        self.pending = None

    def cancelled(self):
        row = (Job.select(Job.status, Job.started_at)
               .where(Job.id == self.job.id)
               .first())
        return (row is None or row.status != JobStatus.PROCESSING
                or row.started_at != self.job.started_at)
