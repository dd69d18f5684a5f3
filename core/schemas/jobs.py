"""The admin panel's Jobs tab: queues (depth, the workers serving them) and jobs (running, waiting
and failed, with reason and owner)."""
from marshmallow import Schema, fields

from core.schemas.common import AdminAuthorSchema, UTCDateTime, enum_field
from core.schemas.results import JOB_STATUSES


class JobWorkerSchema(Schema):
    """A worker that said it serves a queue (every few seconds while it runs)."""

    name = fields.String()
    host = fields.String(allow_none=True)
    pid = fields.Integer(allow_none=True)
    queues = fields.List(fields.String())
    alive = fields.Boolean(metadata={"description": "Heard of within its own reaping interval"})
    lastSeen = UTCDateTime(metadata={"description": "When it last said it was alive"})


class JobQueueSchema(Schema):
    name = fields.String()
    depth = fields.Integer(metadata={"description": "Jobs waiting on the queue"})
    workers = fields.List(fields.Nested(JobWorkerSchema))
    noWorker = fields.Boolean(metadata={"description": "No live worker serves this queue"})


class AdminJobSchema(Schema):
    """A job as the admin panel lists it."""

    id = fields.String()
    kind = fields.String()
    description = fields.String(metadata={"description": 'What it does: "render video 12"'})
    queue = fields.String()
    status = enum_field(JOB_STATUSES)
    progress = fields.Integer()
    message = fields.String()
    error = fields.String(allow_none=True)
    retries = fields.Integer()
    owner = fields.Nested(AdminAuthorSchema, allow_none=True)
    videoId = fields.Integer(allow_none=True)
    otherQueue = fields.Boolean(metadata={
        "description": "Put on another Redis or queue prefix than this site's: its workers "
                       "reconcile it, not this one's"})
    noWorker = fields.Boolean(metadata={"description": "Queued, and no worker serves its queue"})
    createdAt = UTCDateTime()
    startedAt = UTCDateTime(allow_none=True)
    finishedAt = UTCDateTime(allow_none=True)


class AdminJobsSchema(Schema):
    """``GET /api/admin/jobs``."""

    queues = fields.List(fields.Nested(JobQueueSchema))
    jobs = fields.List(fields.Nested(AdminJobSchema))
