"""Ad slots filled by the active ad provider; a failing provider only leaves the slot empty."""
import logging

from flask.views import MethodView
from marshmallow import fields

from core.app import plugin_host
from core.errors import Blueprint, abort
from core.schemas.common import InputSchema

log = logging.getLogger(__name__)
blp = Blueprint("ads", __name__, url_prefix="/api/ads", description="Ad slots")
SLOTS = ("banner", "feed", "sidebar")


class AdArgs(InputSchema):
    index = fields.Integer(load_default=0)


@blp.route("/<slot>")
class AdSlot(MethodView):
    @blp.arguments(AdArgs, location="query")
    @blp.response(200)
    def get(self, args, slot):
        """The ad for a slot (banner 728x90, feed, sidebar), or 204 when there is none."""
        if slot not in SLOTS:
            abort(404, message=f"Unknown ad slot '{slot}'")
        try:
            ad = plugin_host().ad_provider().render(slot, args["index"])
        except Exception:
            log.exception("ad provider failed for slot %s", slot)
            ad = None
        if not ad:
            return "", 204
        return ad
