"""Series: an author's stories told in parts (the parts are the stories naming the series)."""
from flask.views import MethodView

from core.auth import require_user, viewer
from core.errors import Blueprint
from core.schemas.results import MessageSchema
from core.schemas.series import (
    NextPartSchema,
    PartsOrderSchema,
    SeriesSchema,
    SeriesSummarySchema,
    SeriesWriteSchema,
)
from core.services import series, series_next

blp = Blueprint("series", __name__, url_prefix="/api",
                description="Series: stories told in parts, and writing the next part")


@blp.route("/series")
class SeriesList(MethodView):
    @blp.arguments(SeriesWriteSchema)
    @blp.response(201, SeriesSchema)
    def post(self, body):
        """Start a series (add stories to it with `seriesId` on PUT /api/stories/{id})."""
        user = require_user()
        return series.detail(series.create(user, body), user)


@blp.route("/series/<int:series_id>")
class SeriesById(MethodView):
    @blp.response(200, SeriesSchema)
    def get(self, series_id):
        """A series and the parts you may open, in order (a private series or part: its owner's
        and the admins' only)."""
        user = viewer()
        return series.detail(series.visible(series_id, user), user)

    @blp.arguments(SeriesWriteSchema(partial=True))
    @blp.response(200, SeriesSchema)
    def put(self, body, series_id):
        """Rename your series, change its description or who may see it."""
        user = require_user()
        return series.detail(series.update(series.owned(series_id, user), body), user)

    @blp.response(200, MessageSchema)
    def delete(self, series_id):
        """Delete your series: its stories stay, each a story on its own again."""
        series.delete(series.owned(series_id, require_user()))
        return {"message": "Series deleted; its stories were kept"}


@blp.route("/series/<int:series_id>/parts")
class SeriesParts(MethodView):
    @blp.arguments(PartsOrderSchema)
    @blp.response(200, SeriesSchema)
    def put(self, body, series_id):
        """Reorder your series: `storyIds` lists exactly its stories, in the new order."""
        user = require_user()
        return series.detail(series.reorder(series.owned(series_id, user), body["storyIds"]), user)


@blp.route("/series/<int:series_id>/next")
class SeriesNextPart(MethodView):
    @blp.response(200, NextPartSchema)
    def get(self, series_id):
        """The next part's creation form, filled from the last part; send it to
        /api/stories/outline or /generate with `seriesId` (the plan then starts from the last
        part's) and save the story with `seriesId`."""
        return series_next.next_part(series_id, require_user())


@blp.route("/users/<int:user_id>/series")
class UserSeries(MethodView):
    @blp.response(200, SeriesSummarySchema(many=True))
    def get(self, user_id):
        """A user's series, newest first (private ones only for that user and admins)."""
        return series.of_user(user_id, viewer())
