"""Tags and content warnings: suggestions as you type, and the list of warnings."""
from flask.views import MethodView

from core.errors import Blueprint
from core.schemas.tags import TagArgs, TagCountSchema, WarningSchema
from core.services import tags

blp = Blueprint("tags", __name__, url_prefix="/api/tags",
                description="Tags (suggested as you type) and content warnings")


@blp.route("")
class Tags(MethodView):
    @blp.arguments(TagArgs, location="query")
    @blp.response(200, TagCountSchema(many=True))
    def get(self, args):
        """Tags beginning with ``?prefix=`` and how many public stories and videos have each,
        the most used first (``?limit=``, 10 by default)."""
        return tags.suggest(args["prefix"], args["limit"])


@blp.route("/warnings")
class Warnings(MethodView):
    @blp.response(200, WarningSchema(many=True))
    def get(self):
        """The content warnings an author can set (key and label), in the order shown."""
        return tags.warning_list()
