"""Comments on their own: reporting a comment to the moderators."""
from flask.views import MethodView

from core.auth import require_user
from core.errors import Blueprint
from core.limits import enforce
from core.schemas.comments import ReportBody
from core.services import reports

blp = Blueprint("comments", __name__, url_prefix="/api/comments", description="Comments")


@blp.route("/<int:comment_id>/report")
class CommentReport(MethodView):
    @blp.arguments(ReportBody)
    @blp.response(201)
    def post(self, body, comment_id):
        """Report a comment or reply to the moderators (once per user and comment)."""
        user = require_user()
        enforce("reports")
        return reports.report_comment(user, comment_id, body["reason"])
