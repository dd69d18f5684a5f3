"""The reading list: bookmark a story or a video, your list, and how far you read a story.

``add_reading_routes`` puts ``/{id}/bookmark`` (and a story's ``/{id}/progress``) on the stories
and videos blueprints; ``blp`` answers ``/api/users/me/bookmarks``, the signed-in user's own list
(there is no way to ask for another user's)."""
from flask.views import MethodView

from core.auth import require_user
from core.errors import Blueprint
from core.limits import enforce
from core.models import Story
from core.schemas.common import ListArgs
from core.schemas.reading import (
    BookmarkSchema,
    BookmarkStateSchema,
    ProgressBody,
    ProgressSchema,
)
from core.services import reading
from core.services.access import load_visible

blp = Blueprint("reading", __name__, url_prefix="/api/users/me",
                description="Your reading list (bookmarks) and reading progress")


@blp.route("/bookmarks")
class Bookmarks(MethodView):
    @blp.arguments(ListArgs, location="query")
    @blp.response(200, BookmarkSchema(many=True))
    def get(self, args):
        """Your reading list, newest bookmark first (``?page=&limit=``, X-Total-Count): story
        and video cards, a story's with how far you read it. Yours only."""
        page = reading.reading_list(require_user(), args)
        return page.items, 200, page.headers()


def add_reading_routes(content_blp, model):
    """Register ``/{id}/bookmark`` on ``content_blp`` for ``model`` (Story or Video), and
    ``/{id}/progress`` for stories."""

    def acting_on(content_id):
        """The signed-in user (401 otherwise) within the likes' limit, and the item if they can
        see it (404 otherwise: a private item of another user cannot be bookmarked)."""
        user = require_user()
        enforce("likes")
        return user, load_visible(model, content_id, user)

    @content_blp.route("/<int:content_id>/bookmark")
    class ContentBookmark(MethodView):
        @content_blp.response(200, BookmarkStateSchema)
        def post(self, content_id):
            """Put it on your reading list (idempotent)."""
            user, content = acting_on(content_id)
            return reading.bookmark(content, user)

        @content_blp.response(200, BookmarkStateSchema)
        def delete(self, content_id):
            """Take it off your reading list (idempotent)."""
            user, content = acting_on(content_id)
            return reading.unbookmark(content, user)

    if model is not Story:
        return

    @content_blp.route("/<int:content_id>/progress")
    class StoryProgress(MethodView):
        @content_blp.arguments(ProgressBody)
        @content_blp.response(200, ProgressSchema)
        def put(self, body, content_id):
            """Remember how far you read (``{"position": 0..1}``); the community view gives it
            back as ``readingProgress``."""
            user, story = acting_on(content_id)
            return reading.save_progress(story, user, body["position"])
