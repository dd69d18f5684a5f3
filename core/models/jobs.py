"""Background jobs and their progress."""
import uuid

import peewee

from core.choices import JobStatus
from core.db import BaseModel
from core.models.base import JSONField, utcnow
from core.models.content import Video
from core.models.users import User


def new_job_id():
    return uuid.uuid4().hex


class Job(BaseModel):
    """A background job on the RQ queue, with its progress and result, owned by a user."""

    id = peewee.CharField(max_length=32, primary_key=True, default=new_job_id)
    user = peewee.ForeignKeyField(User, backref="jobs", null=True, on_delete="CASCADE")
    kind = peewee.CharField(max_length=40)
    queue = peewee.CharField(max_length=40, default="default")
    status = peewee.CharField(max_length=20, default=JobStatus.QUEUED)
    progress = peewee.IntegerField(default=0)
    message = peewee.CharField(max_length=200, default="Queued")
    payload = JSONField(null=True)
    result = JSONField(null=True)
    error = peewee.TextField(null=True)
    video = peewee.ForeignKeyField(Video, backref="jobs", null=True, on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)
    started_at = peewee.DateTimeField(null=True)
    finished_at = peewee.DateTimeField(null=True)
    # migration 0014: the queue it is on (``core.job_queues.queue_identity``), runs again, time limit
    queue_ident = peewee.CharField(max_length=120, null=True)
    retries = peewee.IntegerField(default=0)
    timeout = peewee.IntegerField(null=True)

    class Meta:
        table_name = "jobs"
        indexes = ((("status",), False),)
