"""URL converters whose OpenAPI schema says what the route accepts.

* ``<int:...>`` ids match only what a 64-bit id column holds; a larger one is a 404 saying what
  the route says of any unknown id ("Story not found": ``too_large_id_message``).
* ``<genre:...>``, ``<mood:...>``, ``<sort:...>`` match any text (the feed answers an unknown
  value with a 400 naming it) and are documented as enums of the spec's lists.
"""
import re

from flask import current_app, request
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter, PathConverter

from core import choices
from core.errors import NO_ROUTE_MESSAGES
from core.plugins import plugin_host
from core.schemas.choices import document_choice_lists

MAX_ID = 2**63 - 1
NUMBER = re.compile(r"\d{19,}")  # (a number of fewer digits fits a 64-bit column)
#: what a route's id argument names, in its "… not found" (``content_id``: stories' or videos')
NAMED = {"story_id": "Story", "video_id": "Video", "user_id": "User", "series_id": "Series",
         "comment_id": "Comment", "draft_id": "Draft", "report_id": "Report",
         "session_id": "Session"}


class IdConverter(IntegerConverter):
    def __init__(self, url_map, fixed_digits=0, min=None, max=None, signed=False):
        super().__init__(url_map, fixed_digits, min, MAX_ID if max is None else max, signed)


def too_large_id_message():
    """For an address no route took only because an id in it is larger than any id column
    holds: "Story not found", as the route answers any id it does not know; else None."""
    capped = NUMBER.sub(lambda found: str(min(int(found.group()), MAX_ID)), request.path)
    if capped == request.path:
        return None
    try:
        rule, args = current_app.url_map.bind_to_environ(request.environ).match(
            capped, method=request.method, return_rule=True)
    except HTTPException:
        return None
    for name, value in args.items():
        if value == MAX_ID:
            thing = NAMED.get(name) or (
                name == "content_id" and ("Video" if "/videos/" in rule.rule else "Story"))
            return f"{thing} not found" if thing else None
    return None


class GenreConverter(PathConverter):
    choices = (choices.ALL_GENRES, *choices.GENRES)


class MoodConverter(PathConverter):
    choices = (choices.ALL_MOODS, *choices.MOODS)


class SortConverter(PathConverter):
    choices = choices.SORTS


def init_app(app, api):
    app.url_map.converters["int"] = IdConverter
    api.register_converter(IdConverter, lambda converter: {
        "type": "integer", "minimum": 0, "maximum": MAX_ID})
    for name, converter in (("genre", GenreConverter), ("mood", MoodConverter),
                            ("sort", SortConverter)):
        app.url_map.converters[name] = converter
        api.register_converter(converter, lambda converter: {
            "type": "string", "enum": list(converter.choices)})
    document_choice_lists(api.spec, plugin_host(app).share_targets())


NO_ROUTE_MESSAGES.append(too_large_id_message)
