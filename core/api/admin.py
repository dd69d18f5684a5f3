"""Admin panel API (roles admin and super_admin): figures, users, content, reports, audit log.

Every route starts with ``require_admin()``: 401 signed out, 403 for plain users. Lists are JSON
arrays paginated by ``?limit=&page=`` with ``X-Total-Count``.
"""
from flask.views import MethodView

from core.auth import require_admin
from core.errors import Blueprint, abort
from core.models import Story, Video
from core.schemas.admin import (
    AdminCheckSchema,
    AdminStatsSchema,
    AdminStorySchema,
    AdminUserSchema,
    AdminVideoSchema,
    AuditEntrySchema,
    AuditListArgs,
    BanBody,
    ContentListArgs,
    NoteBody,
    ReportListArgs,
    ReportSchema,
    UserListArgs,
    UserPatchBody,
    VideoListArgs,
    VisibilityBody,
)
from core.schemas.results import MessageSchema, ReportStateSchema, UserDeletedSchema
from core.services import audit, reports
from core.services.admin import bans, content, figures, removal
from core.services.admin import users as admin_users

blp = Blueprint("admin", __name__, url_prefix="/api/admin", description="Administration")


@blp.route("/check")
class Check(MethodView):
    @blp.response(200, AdminCheckSchema)
    def get(self):
        """200 for admins and super admins; 403 otherwise, 401 signed out."""
        user = require_admin()
        return {"isAdmin": True, "role": user.role}


@blp.route("/stats")
class Stats(MethodView):
    @blp.response(200, AdminStatsSchema)
    def get(self):
        """totalUsers, activeUsers, totalStories, totalVideos, totalViews (and a few more)."""
        require_admin()
        return figures.stats()


# --- users ---------------------------------------------------------------------------------------


@blp.route("/users")
class Users(MethodView):
    @blp.arguments(UserListArgs, location="query")
    @blp.response(200, AdminUserSchema(many=True))
    def get(self, args):
        """Users newest first: ``status`` all/active/inactive/banned/admin, ``role``
        all/user/admin/super_admin, ``search`` name or e-mail; with storiesCount, videosCount."""
        require_admin()
        page = admin_users.list_users(args)
        return page.items, 200, page.headers()


@blp.route("/users/<int:user_id>")
class UserById(MethodView):
    @blp.arguments(UserPatchBody)
    @blp.response(200, AdminUserSchema)
    def patch(self, body, user_id):
        """Change ``role`` (super admins only) and/or ``isActive``."""
        return admin_users.update_user(require_admin(), user_id, body)

    @blp.response(200, UserDeletedSchema)
    def delete(self, user_id):
        """Delete the user with all their stories, videos, files, comments, likes and shares."""
        summary = removal.delete_user(require_admin(), user_id)
        return {"message": "User deleted successfully", "deleted": summary}


@blp.route("/users/<int:user_id>/ban")
class Ban(MethodView):
    @blp.arguments(BanBody)
    @blp.response(200, AdminUserSchema)
    def post(self, body, user_id):
        """Ban with ``{reason, expiresAt}`` (null = permanent) or ``{reason, durationDays}`` (1, 7,
        30). The user is signed out at their next request."""
        return bans.ban_user(require_admin(), user_id, body)


@blp.route("/users/<int:user_id>/unban")
class Unban(MethodView):
    @blp.response(200, AdminUserSchema)
    def post(self, user_id):
        """Lift a ban."""
        return bans.unban_user(require_admin(), user_id)


# --- stories and videos --------------------------------------------------------------------------


def content_routes(path, model, schema):
    name = model.__name__

    class ContentList(MethodView):
        @blp.arguments(VideoListArgs if model is Video else ContentListArgs, location="query")
        @blp.response(200, schema(many=True))
        def get(self, args):
            require_admin()
            page = content.list_content(model, args)
            return page.items, 200, page.headers()

    class ContentById(MethodView):
        @blp.arguments(VisibilityBody)
        @blp.response(200, schema)
        def patch(self, body, content_id):
            actor = require_admin()
            if body.get("isPublic") is None:
                abort(400, message="isPublic is required",
                      errors={"isPublic": ["isPublic is required"]})
            return content.set_visibility(actor, model, content_id, body["isPublic"],
                                          (body.get("reason") or "").strip() or None)

        @blp.response(200, MessageSchema)
        def delete(self, content_id):
            return content.delete_content(require_admin(), model, content_id)

    ContentList.get.__doc__ = (f"Every {name.lower()} newest first: ``search`` (title, author), "
                               "``filter`` all/public/private"
                               + ("/pending/processing/completed/failed" if model is Video else ""))
    ContentById.patch.__doc__ = (f"Make a {name.lower()} public or private (``{{isPublic}}``; "
                                 "``reason`` tells the author why).")
    ContentById.delete.__doc__ = f"Delete any {name.lower()}."
    ContentList.__name__ = f"Admin{name}List"
    ContentById.__name__ = f"Admin{name}ById"
    blp.route(path)(ContentList)
    blp.route(f"{path}/<int:content_id>")(ContentById)


content_routes("/stories", Story, AdminStorySchema)
content_routes("/videos", Video, AdminVideoSchema)


# --- reports and audit log -----------------------------------------------------------------------


@blp.route("/reports")
class Reports(MethodView):
    @blp.arguments(ReportListArgs, location="query")
    @blp.response(200, ReportSchema(many=True))
    def get(self, args):
        """The report queue, newest first: ``status`` open (default)/resolved/dismissed/all,
        ``type`` all/story/video/comment; each with the item's title/excerpt and the reporter."""
        require_admin()
        page = reports.queue(args)
        return page.items, 200, page.headers()


def close_route(path, status):
    class CloseReport(MethodView):
        @blp.arguments(NoteBody)
        @blp.response(200, ReportStateSchema)
        def post(self, body, report_id):
            report_id = reports.close(require_admin(), report_id, status, body.get("note"))
            return {"id": report_id, "status": status,
                    "message": f"Report {status}"}

    CloseReport.post.__doc__ = f"Mark an open report {status} (optional ``note``)."
    CloseReport.__name__ = f"Report{status.capitalize()}"
    blp.route(path)(CloseReport)


close_route("/reports/<int:report_id>/resolve", "resolved")
close_route("/reports/<int:report_id>/dismiss", "dismissed")


@blp.route("/audit")
class Audit(MethodView):
    @blp.arguments(AuditListArgs, location="query")
    @blp.response(200, AuditEntrySchema(many=True))
    def get(self, args):
        """Every admin action, newest first (filters ``action``, ``targetType``, ``targetId``,
        ``actorId``)."""
        require_admin()
        page = audit.listing(args)
        return page.items, 200, page.headers()
