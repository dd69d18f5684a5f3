"""The share menu, built from the enabled share-target plugins."""
from flask.views import MethodView
from marshmallow import fields

from core.errors import Blueprint
from core.plugins import plugin_host
from core.schemas.common import InputSchema
from core.schemas.results import ShareTargetSchema

blp = Blueprint("share_targets", __name__, url_prefix="/api/share-targets",
                description="Share targets offered by the enabled plugins")


class ShareTargetArgs(InputSchema):
    title = fields.String(load_default=None)
    url = fields.String(load_default=None)


@blp.route("")
class ShareTargets(MethodView):
    @blp.arguments(ShareTargetArgs, location="query")
    @blp.response(200, ShareTargetSchema(many=True))
    def get(self, args):
        """Enabled share targets; with ?title=&url= each carries its ready, encoded share URL."""
        return [target.to_json(args["title"], args["url"])
                for target in plugin_host().share_targets()]
