"""Background jobs: status, progress and result, for their owner."""
import time

from flask.views import MethodView
from marshmallow import fields

from core.auth import require_user
from core.errors import Blueprint, abort
from core.jobs import reconcile
from core.models import Job
from core.schemas.common import InputSchema, UTCDateTime
from core.schemas.stories import WaitArgs

blp = Blueprint("jobs", __name__, url_prefix="/api/jobs", description="Background jobs")


class JobSchema(InputSchema):
    id = fields.String()
    kind = fields.String()
    status = fields.String()
    progress = fields.Integer()
    message = fields.String()
    result = fields.Raw(allow_none=True)
    error = fields.String(allow_none=True)
    createdAt = UTCDateTime(attribute="created_at")
    startedAt = UTCDateTime(attribute="started_at", allow_none=True)
    finishedAt = UTCDateTime(attribute="finished_at", allow_none=True)


def wait_for(job, seconds):
    """Re-read the job until it finishes or ``seconds`` pass; reaps dead jobs on the way."""
    deadline = time.monotonic() + seconds
    job = reconcile(job)
    while job.status in ("queued", "processing") and time.monotonic() < deadline:
        time.sleep(0.1)
        job = reconcile(Job.get_by_id(job.id))
    return job


def owned_job(job_id, user):
    job = Job.get_or_none(Job.id == job_id)
    if job is None:
        abort(404, message="Job not found")
    if job.user_id != user.id and not user.is_admin:
        abort(403, message="You can only read your own jobs")
    return job


@blp.route("/<job_id>")
class JobById(MethodView):
    @blp.arguments(WaitArgs, location="query")
    @blp.response(200, JobSchema)
    def get(self, args, job_id):
        """Status, progress 0-100, message and (when finished) the result; ?wait=N waits."""
        return wait_for(owned_job(job_id, require_user()), args["wait"])
