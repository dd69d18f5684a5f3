"""Users: public figures, authors' pages, following, and your own bio and avatar."""
from flask.views import MethodView
from marshmallow import fields
from peewee import fn

from core.auth import require_user, viewer
from core.errors import Blueprint, abort
from core.limits import enforce
from core.models import Story, User, Video
from core.schemas.common import InputSchema
from core.schemas.community import FollowStateSchema, ProfileEditSchema, ProfileSchema
from core.services import follows

blp = Blueprint("users", __name__, url_prefix="/api/users", description="Users")


class StatsSchema(InputSchema):
    storiesCount = fields.Integer()
    videosCount = fields.Integer()
    totalViews = fields.Integer()


@blp.route("/<int:user_id>/stats")
class UserStats(MethodView):
    @blp.response(200, StatsSchema)
    def get(self, user_id):
        """Stories, videos and total views (private content counts only for that user and admins)."""
        if not User.select().where(User.id == user_id).exists():
            abort(404, message="User not found")
        user = viewer()
        everything = user is not None and (user.id == user_id or user.is_admin)
        totals = {}
        for model, key in ((Story, "stories"), (Video, "videos")):
            query = model.select(fn.COUNT(model.id), fn.COALESCE(fn.SUM(model.views), 0)).where(
                model.user == user_id)
            if not everything:
                query = query.where(model.is_public == True)  # noqa: E712
            totals[key] = query.tuples().first()
        return {"storiesCount": totals["stories"][0], "videosCount": totals["videos"][0],
                "totalViews": int(totals["stories"][1]) + int(totals["videos"][1])}


@blp.route("/<int:user_id>/profile")
class UserProfile(MethodView):
    @blp.response(200, ProfileSchema)
    def get(self, user_id):
        """An author's public page: bio, join date, counts (e-mail only for that user and admins)."""
        return follows.profile(user_id, viewer())


@blp.route("/<int:user_id>/follow")
class UserFollow(MethodView):
    @blp.response(200, FollowStateSchema)
    def post(self, user_id):
        """Follow an author (idempotent; not yourself)."""
        user = require_user()
        enforce("likes")
        return follows.follow(user, user_id)

    @blp.response(200, FollowStateSchema)
    def delete(self, user_id):
        """Stop following an author (idempotent)."""
        user = require_user()
        enforce("likes")
        return follows.unfollow(user, user_id)


@blp.route("/me")
class Me(MethodView):
    @blp.arguments(ProfileEditSchema)
    @blp.response(200, ProfileSchema)
    def patch(self, body):
        """Your bio (at most 300 characters) and your avatar's address."""
        return follows.edit_me(require_user(), body)
