"""Background jobs: status, progress and result, for their owner."""
import threading
import time
from collections import Counter
from contextlib import contextmanager

from flask import current_app
from flask.views import MethodView
from flask_login import current_user
from marshmallow import fields

from core import job_reaper, job_text
from core.auth import require_user
from core.choices import JOB_ACTIVE, JobStatus
from core.errors import Blueprint, abort
from core.job_reaper import reconcile
from core.jobs import no_worker, waiting_message
from core.models import Job
from core.schemas.common import InputSchema, UTCDateTime, enum_field
from core.schemas.results import JOB_STATUSES
from core.schemas.stories import WaitArgs
from core.turns import away

blp = Blueprint("jobs", __name__, url_prefix="/api/jobs", description="Background jobs")
CANCEL_OWN = "You can only cancel your own jobs"


class JobSchema(InputSchema):
    id = fields.String()
    kind = fields.String()
    status = enum_field(JOB_STATUSES)
    progress = fields.Integer()
    message = fields.String()
    result = fields.Raw(allow_none=True)
    error = fields.String(allow_none=True)
    created_at = UTCDateTime(data_key="createdAt")
    started_at = UTCDateTime(data_key="startedAt", allow_none=True)
    finished_at = UTCDateTime(data_key="finishedAt", allow_none=True)
    no_worker = fields.Boolean(data_key="noWorker", metadata={
        "description": "Queued, and no worker serves its queue right now"})
    partial = fields.String(allow_none=True, dump_default=None, metadata={
        "description": "While it runs: the text written so far (a story as the model writes "
                       "it), refreshed a few times a second; null otherwise"})


class WaitSlots:
    """How many requests of this process may hold a thread waiting for a job (?wait=N): a few
    per user and a few overall, so long-polls never starve the site. Past a cap the request
    answers at once with the job's state (202), and the client polls."""

    def __init__(self):
        self.lock = threading.Lock()
        self.by_user = Counter()

    @contextmanager
    def take(self, user_id, per_user, overall):
        with self.lock:
            granted = (self.by_user[user_id] < per_user
                       and sum(self.by_user.values()) < overall)
            if granted:
                self.by_user[user_id] += 1
        try:
            yield granted
        finally:
            if granted:
                with self.lock:
                    self.by_user[user_id] -= 1
                    if not self.by_user[user_id]:
                        del self.by_user[user_id]


wait_slots = WaitSlots()


def wait_for(job, seconds):
    """Re-read the job until it finishes or ``seconds`` pass (when a wait slot is free); reaps
    dead jobs on the way."""
    job = reconcile(job)
    if not seconds or job.status not in JOB_ACTIVE:
        return job
    config = current_app.config
    with wait_slots.take(current_user.id, config.get("JOB_WAITS_PER_USER", 2),
                         config.get("JOB_WAITS", 4)) as granted:
        deadline = time.monotonic() + (seconds if granted else 0)
        while job.status in JOB_ACTIVE and time.monotonic() < deadline:
            with away():  # the process serves other requests meanwhile
                time.sleep(0.1)
            job = reconcile(Job.get_by_id(job.id))
    return job


def described(job):
    """``job`` with, while it is queued, a message saying what it waits for (and ``noWorker``
    when no worker serves its queue); while it runs, the text written so far (``partial``)."""
    job.no_worker = no_worker(job)
    if job.status == JobStatus.QUEUED:
        job.message = waiting_message(job, job.no_worker)
    job.partial = job_text.read(job)
    return job


def owned_job(job_id, user, message="You can only read your own jobs"):
    """The job if ``user`` started it (or is an admin): 404 if missing, 403 with ``message``."""
    job = Job.get_or_none(Job.id == job_id)
    if job is None:
        abort(404, message="Job not found")
    if job.user_id != user.id and not user.is_admin:
        abort(403, message=message)
    return job


@blp.route("/<job_id>")
class JobById(MethodView):
    @blp.arguments(WaitArgs, location="query")
    @blp.response(200, JobSchema)
    def get(self, args, job_id):
        """Status, progress 0-100, message and (when finished) the result; ?wait=N waits."""
        return described(wait_for(owned_job(job_id, require_user()), args["wait"]))


@blp.route("/<job_id>/cancel")
class CancelJob(MethodView):
    @blp.response(200, JobSchema)
    def post(self, job_id):
        """Stop your queued or running job: it fails with "Cancelled." (a writer stops at the
        chunk it is on). 409 when it is over already."""
        user = require_user()
        job = owned_job(job_id, user, CANCEL_OWN)
        if job.user_id != user.id:  # an admin reads anyone's jobs, cancels only their own
            abort(403, message=CANCEL_OWN)
        try:
            job = job_reaper.cancel(reconcile(job), reason=job_text.CANCELLED)
        except job_reaper.JobConflict as exc:
            abort(409, message=str(exc))
        return described(Job.get_by_id(job.id))
