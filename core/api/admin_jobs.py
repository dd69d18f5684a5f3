"""Admin panel API, the Jobs tab: queues and their workers, jobs, Retry and Cancel (admins only:
401 signed out, 403 for plain users)."""
from flask.views import MethodView

from core.auth import require_admin
from core.errors import Blueprint
from core.schemas.jobs import AdminJobSchema, AdminJobsSchema
from core.services.admin import jobs

blp = Blueprint("admin_jobs", __name__, url_prefix="/api/admin/jobs",
                description="Administration: background jobs")


@blp.route("")
class Jobs(MethodView):
    @blp.response(200, AdminJobsSchema)
    def get(self):
        """Each queue's depth and the workers serving it (alive, last seen); the jobs running or
        waiting and the latest failed ones, with reason and owner."""
        require_admin()
        return jobs.overview()


@blp.route("/<job_id>/retry")
class Retry(MethodView):
    @blp.response(200, AdminJobSchema)
    def post(self, job_id):
        """Put a failed job on its queue again (same id; a render's video goes back to
        processing). 409 when the job is not failed or cannot run again."""
        require_admin()
        return jobs.retry(job_id)


@blp.route("/<job_id>/cancel")
class Cancel(MethodView):
    @blp.response(200, AdminJobSchema)
    def post(self, job_id):
        """Stop a queued or running job: it fails with "Cancelled by an admin." (a render's
        video too). 409 when it is over already."""
        require_admin()
        return jobs.cancel(job_id)
