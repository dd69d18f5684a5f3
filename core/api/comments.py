"""Comments on their own: reporting a comment or reply to the moderators."""
from flask.views import MethodView

from core.auth import require_user
from core.errors import Blueprint, abort
from core.limits import enforce
from core.models import Comment, Story, Video
from core.schemas.comments import ReportBody
from core.schemas.results import ReportStateSchema
from core.services import mature, reports
from core.services.access import load_visible

blp = Blueprint("comments", __name__, url_prefix="/api/comments", description="Comments")


@blp.route("/<int:comment_id>/report")
class CommentReport(MethodView):
    @blp.arguments(ReportBody)
    @blp.response(201, ReportStateSchema)
    def post(self, body, comment_id):
        """Report a comment or reply you can see (once per user and comment)."""
        user = require_user()
        enforce("reports")
        comment = Comment.get_or_none(Comment.id == comment_id)
        if comment is None:
            abort(404, message="Comment not found")
        # Only comments on a story or video this user may see (404 otherwise, as for the item).
        if comment.story_id is not None:
            content = load_visible(Story, comment.story_id, user)
        else:
            content = load_visible(Video, comment.video_id, user)
        mature.require_comments(content, user)
        return reports.report(user, body["reason"], comment=comment.id)
