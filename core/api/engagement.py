"""The engagement routes shared by stories and videos: like, share, comments, activity, report."""
from flask.views import MethodView

from core.auth import require_user, viewer
from core.limits import enforce
from core.schemas.comments import CommentBody, CommentEditBody, CommentSchema, ReportBody, ShareBody
from core.schemas.common import EntrySchema, ShareEntrySchema
from core.schemas.results import (
    LikeStateSchema,
    MessageSchema,
    ReportStateSchema,
    ShareResultSchema,
)
from core.services import engagement, mature, reports
from core.services.access import load_visible


def add_engagement_routes(blp, model, kind):
    """Register ``/{id}/like``, ``/share``, ``/comments``, ``/likes``, ``/shares``, ``/report`` and
    ``/comments/{commentId}`` on ``blp`` for ``model`` (Story or Video)."""
    noun = model.__name__.lower()

    def acting_on(content_id, action):
        """The signed-in user (401 otherwise), within their `action` limit, and the item if they
        can see it (404 otherwise)."""
        user = require_user()
        enforce(action)
        return user, load_visible(model, content_id, user)

    @blp.route("/<int:content_id>/like")
    class ContentLike(MethodView):
        @blp.response(200, LikeStateSchema)
        def post(self, content_id):
            """Like (idempotent)."""
            user, content = acting_on(content_id, "likes")
            return engagement.like(content, user)

        @blp.response(200, LikeStateSchema)
        def delete(self, content_id):
            """Remove a like (idempotent)."""
            user, content = acting_on(content_id, "likes")
            return engagement.unlike(content, user)

    @blp.route("/<int:content_id>/share")
    class ContentShare(MethodView):
        @blp.arguments(ShareBody)
        @blp.response(200, ShareResultSchema)
        def post(self, body, content_id):
            """Share: recorded for signed-in users, validated against the enabled share targets."""
            user = viewer()
            if user is not None:
                enforce("shares")
            content = load_visible(model, content_id, user)
            return engagement.share(content, user, body["platform"], body["shareType"])

    @blp.route("/<int:content_id>/comments")
    class ContentComments(MethodView):
        @blp.response(200, CommentSchema(many=True))
        def get(self, content_id):
            """Comments and replies, newest first (replies carry parentId)."""
            user = viewer()
            content = load_visible(model, content_id, user)
            mature.require_comments(content, user)
            return engagement.comments_of(content)

        @blp.arguments(CommentBody)
        @blp.response(201, CommentSchema)
        def post(self, body, content_id):
            """Comment, or reply with parentId (a reply to a reply joins its top-level thread)."""
            user, content = acting_on(content_id, "comments")
            mature.require_comments(content, user)
            return engagement.add_comment(content, user, body["content"], body["parentId"])

    @blp.route("/comments/<int:comment_id>")
    class CommentById(MethodView):
        @blp.arguments(CommentEditBody)
        @blp.response(200, CommentSchema)
        def put(self, body, comment_id):
            """Edit your comment."""
            user = require_user()
            enforce("comments")
            return engagement.edit_comment(engagement.get_comment(comment_id, kind), user,
                                           body["content"])

        @blp.response(200, MessageSchema)
        def delete(self, comment_id):
            """Delete your comment (and its replies)."""
            user = require_user()
            engagement.delete_comment(engagement.get_comment(comment_id, kind), user, model)
            return {"message": "Comment deleted successfully!"}

    @blp.route("/<int:content_id>/likes")
    class ContentLikes(MethodView):
        @blp.response(200, EntrySchema(many=True))
        def get(self, content_id):
            """Who liked it, newest first."""
            return engagement.likes_of(load_visible(model, content_id, viewer()))

    @blp.route("/<int:content_id>/shares")
    class ContentShares(MethodView):
        @blp.response(200, ShareEntrySchema(many=True))
        def get(self, content_id):
            """Who shared it and where, newest first."""
            return engagement.shares_of(load_visible(model, content_id, viewer()))

    @blp.route("/<int:content_id>/report")
    class ContentReport(MethodView):
        @blp.arguments(ReportBody)
        @blp.response(201, ReportStateSchema)
        def post(self, body, content_id):
            """Report to the moderators (once per user and item)."""
            user, content = acting_on(content_id, "reports")
            return reports.report(user, body["reason"], **{noun: content.id})
