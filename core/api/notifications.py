"""Notifications (the bell) and the Following feed: a signed-in user's own, nobody else's."""
from flask.views import MethodView

from core.auth import require_user
from core.errors import Blueprint
from core.schemas.community import (
    MarkedSchema,
    MarkReadSchema,
    NotificationArgs,
    NotificationSchema,
    NotificationSettingsBody,
    NotificationSettingsSchema,
    UnreadCountSchema,
)
from core.schemas.stories import StorySchema, TagFilterArgs
from core.services import follows, notifications

blp = Blueprint("notifications", __name__, url_prefix="/api/notifications",
                description="Your notifications (the bell)")
feed_blp = Blueprint("feed", __name__, url_prefix="/api/feed",
                     description="Feeds of your own: the authors you follow")


@blp.route("")
class Notifications(MethodView):
    @blp.arguments(NotificationArgs, location="query")
    @blp.response(200, NotificationSchema(many=True))
    def get(self, args):
        """Your notifications, newest first (``?unread=1``: unread only); X-Next-Cursor pages."""
        page = notifications.page(require_user(), args)
        return page.items, 200, page.headers()


@blp.route("/count")
class UnreadCount(MethodView):
    @blp.response(200, UnreadCountSchema)
    def get(self):
        """How many of your notifications are unread (the bell's figure)."""
        return {"unread": notifications.unread_count(require_user())}


@blp.route("/read")
class MarkRead(MethodView):
    @blp.arguments(MarkReadSchema)
    @blp.response(200, MarkedSchema)
    def post(self, body):
        """Mark some of yours read (``{"ids": [...]}``) or all of them (``{"all": true}``)."""
        return notifications.mark_read(require_user(), body)


@blp.route("/settings")
class Settings(MethodView):
    @blp.response(200, NotificationSettingsSchema)
    def get(self):
        """Which kinds of notification you get."""
        return notifications.settings(require_user())

    @blp.arguments(NotificationSettingsBody)
    @blp.response(200, NotificationSettingsSchema)
    def put(self, body):
        """Switch kinds off (``{"off": ["like", ...]}``); every kind not listed is on."""
        return notifications.save_settings(require_user(), body["off"])


@feed_blp.route("/following")
class FollowingFeed(MethodView):
    @feed_blp.arguments(TagFilterArgs, location="query")
    @feed_blp.response(200, StorySchema(many=True))
    def get(self, args):
        """Newest public stories of the authors you follow (``?limit=&cursor=``, X-Next-Cursor)."""
        page = follows.following_feed(require_user(), args)
        return page.items, 200, page.headers()
