"""Ad slots filled by the active ad provider; a failing provider only leaves the slot empty.

The provider may need the page to load third-party code (``AdProvider.csp_sources()``): an
app-wide ``after_request`` adds those sources to the Content-Security-Policy of HTML pages (merged
into a policy set elsewhere, or on top of ``BASE_POLICY`` when there is none).
"""
import functools
import inspect
import logging

from flask.views import MethodView
from marshmallow import fields, validate

from core.auth import viewer
from core.errors import Blueprint
from core.headers import BASE_POLICY, CSP_HEADER
from core.plugins import plugin_host
from core.schemas.common import InputSchema
from core.schemas.results import AD_SLOTS, AdSchema, AdSettingsSchema

log = logging.getLogger(__name__)
blp = Blueprint("ads", __name__, url_prefix="/api/ads", description="Ad slots")
SLOTS = AD_SLOTS
#: the explore page shows a feed ad block after every FEED_EVERY-th story
FEED_EVERY = 6


class AdArgs(InputSchema):
    index = fields.Integer(load_default=0, validate=validate.Range(min=0), metadata={
        "description": "which ad block of the page: 0 for the first, 1 for the second…"})
    story = fields.Integer(load_default=None, validate=validate.Range(min=1), metadata={
        "description": "the id of the story on the page, for ads about it (its author's other "
                       "stories, making a video from it)"})


def takes_context(render):
    """Whether a provider's ``render`` accepts ``context`` (read once per function, not per ad)."""
    return _takes_context(getattr(render, "__func__", render))


@functools.lru_cache(maxsize=64)
def _takes_context(function):
    try:
        return "context" in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def current_ad(slot, index, context=None):
    """The provider's ad for a slot, or None; any failure is logged and leaves the slot empty.
    ``context`` reaches only providers whose ``render`` takes it (older ones take slot, index)."""
    try:
        render = plugin_host().ad_provider().render
        if takes_context(render):
            return render(slot, index, context=context or {}) or None
        return render(slot, index) or None
    except Exception:
        log.exception("ad provider failed for slot %s", slot)
        return None


@blp.route("")
class AdSettings(MethodView):
    @blp.response(200, AdSettingsSchema)
    def get(self):
        """The slots, and how often the explore feed shows an ad block."""
        return {"provider": plugin_host().active_name("ads"), "slots": list(SLOTS),
                "feedEvery": FEED_EVERY}


@blp.route("/<any(banner, feed, sidebar):slot>")
class AdSlot(MethodView):
    @blp.arguments(AdArgs, location="query")
    @blp.response(200, description="The ad (its kind and HTML or card)")
    @blp.alt_response(200, schema=AdSchema, description="The ad (its kind and HTML or card)")
    @blp.alt_response(204, description="No ad for this slot now")
    def get(self, args, slot):
        """The ad for a slot (banner 728x90, feed, sidebar), or 204 when there is none."""
        ad = current_ad(slot, args["index"], {"story": args["story"], "viewer": viewer()})
        if not ad:
            return "", 204
        return ad


# --- Content-Security-Policy ---------------------------------------------------------------------


def parse_policy(header):
    policy = {}
    for part in (header or "").split(";"):
        words = part.split()
        if words:
            policy.setdefault(words[0].lower(), []).extend(words[1:])
    return policy


def format_policy(policy):
    return "; ".join(" ".join([name, *values]) for name, values in policy.items())


def merge_sources(policy, extra):
    """Add ``{directive: [sources]}`` to a policy; a missing directive starts from default-src."""
    policy = {name: list(values) for name, values in policy.items()}
    for directive, sources in extra.items():
        if not sources:
            continue
        values = policy.setdefault(directive, list(policy.get("default-src", ["'self'"])))
        if "'none'" in values:
            values.remove("'none'")
        values.extend(source for source in sources if source not in values)
    return policy


def ad_csp_sources():
    try:
        return plugin_host().ad_provider().csp_sources() or {}
    except Exception:
        log.exception("ad provider failed in csp_sources")
        return {}


@blp.after_app_request
def allow_ad_sources(response):
    """Let HTML pages load what the active ad provider needs."""
    if response.mimetype != "text/html":
        return response
    extra = ad_csp_sources()
    if not any(extra.values()):
        return response
    current = response.headers.get(CSP_HEADER)
    policy = parse_policy(current) if current else BASE_POLICY
    response.headers[CSP_HEADER] = format_policy(merge_sources(policy, extra))
    return response
