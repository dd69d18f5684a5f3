"""URL converters whose OpenAPI schema says what the route accepts.

* ``<int:...>`` ids match only what a 64-bit id column holds (larger: a 404 like any unknown id).
* ``<genre:...>``, ``<mood:...>``, ``<sort:...>`` match any text (the feed answers an unknown
  value with a 400 naming it) and are documented as enums of the spec's lists.
"""
from werkzeug.routing import IntegerConverter, PathConverter

from core import choices
from core.plugins import plugin_host
from core.schemas.choices import document_choice_lists

MAX_ID = 2**63 - 1


class IdConverter(IntegerConverter):
    def __init__(self, url_map, fixed_digits=0, min=None, max=None, signed=False):
        super().__init__(url_map, fixed_digits, min, MAX_ID if max is None else max, signed)


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
