"""The world tables, loaded and validated once: kinds of place (``data/kinds/*.toml``), modifiers
(``data/modifiers.toml``), weather templates (``data/weather.toml``) and the neutral parts of a
place no table knows (``data/generic.toml``), and the parts of such a place by its head noun
(``data/heads.toml``: a tower's stairs and top, a well's shaft).

Each file is checked against a marshmallow schema on first use; bad data raises
``WorldDataError`` naming the file, the entry and the field, so a typo fails at start-up and never
as an odd sentence in a story.
"""
import re
import tomllib
from functools import cache
from pathlib import Path

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validates_schema
from marshmallow.validate import Length, OneOf

from core.story_plan import PLACE_AT as AT

DATA = Path(__file__).resolve().parent / "data"
CATEGORIES = ("home", "work", "shop", "transport", "vehicle", "institution", "religious", "outdoor",
              "leisure", "industrial", "farm", "station")
MEDIA = ("land", "shore", "sea", "under", "air", "space")
WEATHERS = ("clear", "cloudy", "foggy", "rainy", "stormy", "snowy", "windy")
_THE = re.compile(r"^the \S")


class WorldDataError(ValueError):
    """A world table does not match its schema."""


def _phrases(minimum=0, maximum=40):
    return fields.List(fields.String(validate=Length(min=2, max=200)), load_default=list,
                       validate=Length(min=minimum, max=maximum))


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class PlaceSpecSchema(_Strict):
    name = fields.String(required=True, validate=Length(min=5, max=120))
    handle = fields.String(load_default="", validate=Length(max=80))
    about = fields.String(required=True, validate=Length(min=5, max=300))
    fixtures = _phrases(1, 8)
    sounds = _phrases(0, 6)
    outdoors = fields.Boolean(load_default=False)
    at = fields.String(load_default="", validate=OneOf(AT))  # "on the catwalk", "out on the salt pans"

    @validates_schema
    def _named(self, data, **kwargs):
        for key in ("name", "handle"):
            if data.get(key) and not _THE.match(data[key]):
                raise ValidationError(f"a place's {key} starts with 'the ': {data[key]!r}", key)


class _Furnished(_Strict):
    """What a world kind and a kind of journey both say: the roof and glass lines, the sounds,
    smells and keepsakes."""
    roof = fields.String(load_default="", validate=Length(max=80))
    glass = fields.String(load_default="", validate=Length(max=80))
    sounds = _phrases(3, 12)
    smells = _phrases(2, 10)
    keepsakes = _phrases(3, 12)


class KindSchema(_Furnished):
    words = fields.List(fields.String(validate=Length(min=2, max=60)), required=True, validate=Length(min=1))
    category = fields.String(required=True, validate=OneOf(CATEGORIES))
    handle = fields.String(load_default="", validate=Length(max=60))
    medium = fields.String(load_default="land", validate=OneOf(MEDIA))
    has_sky = fields.Boolean(load_default=True)
    outside = _phrases(1, 8)
    places = fields.List(fields.Nested(PlaceSpecSchema), required=True, validate=Length(min=3, max=8))


class ModifierSchema(_Strict):
    words = fields.List(fields.String(validate=Length(min=2, max=60)), required=True, validate=Length(min=1))
    outside_land = _phrases(0, 6)
    outside_sea = _phrases(0, 6)
    sounds = _phrases(0, 6)
    smells = _phrases(0, 6)
    keepsakes = _phrases(0, 6)
    weather = fields.Dict(keys=fields.String(validate=OneOf(WEATHERS)), values=fields.List(fields.String()),
                          load_default=dict)
    no_sky = fields.Boolean(load_default=False)
    coastal = fields.Boolean(load_default=False)


class WeatherSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    sky = _phrases(2, 20)
    day = _phrases(0, 10)
    night = _phrases(0, 10)
    sheltered = _phrases(2, 10)


class GenericSchema(_Strict):
    built = fields.List(fields.Nested(PlaceSpecSchema), required=True, validate=Length(min=4))
    open = fields.List(fields.Nested(PlaceSpecSchema), required=True, validate=Length(min=4))
    rooms = fields.List(fields.Nested(PlaceSpecSchema), required=True, validate=Length(min=4))
    open_nouns = fields.List(fields.String(), required=True)
    terrain_words = fields.List(fields.String(), load_default=list)
    room_nouns = fields.List(fields.String(), required=True)
    parts = fields.List(fields.String(), required=True)
    adjectives = fields.List(fields.String(), required=True)
    home_heads = fields.List(fields.String(), load_default=list)
    use_words = fields.List(fields.String(), load_default=list)
    outside_built = _phrases(2, 8)
    outside_open = _phrases(2, 8)
    outside_rooms = _phrases(2, 8)
    sounds = _phrases(3, 12)
    smells = _phrases(2, 10)
    sounds_open = _phrases(3, 12)
    smells_open = _phrases(2, 10)
    keepsakes = _phrases(3, 12)


class HeadSchema(_Strict):
    nouns = fields.List(fields.String(validate=Length(min=2, max=40)), required=True, validate=Length(min=1))
    shape = fields.String(required=True, validate=OneOf(("built", "open", "rooms")))
    places = fields.List(fields.Nested(PlaceSpecSchema), required=True, validate=Length(min=3, max=6))
    sounds = _phrases(0, 6)
    smells = _phrases(0, 6)


class JourneyClassSchema(_Furnished):
    named = fields.Boolean(load_default=False)
    place = fields.String(required=True, validate=Length(min=5, max=60))
    vehicles = fields.List(fields.String(validate=Length(min=2, max=40)), required=True, validate=Length(min=1))
    outside = _phrases(2, 8)
    places = fields.List(fields.Nested(PlaceSpecSchema), required=True, validate=Length(min=3, max=6))


class JourneysSchema(_Strict):
    journey_nouns = fields.List(fields.String(), required=True, validate=Length(min=1))
    collective_nouns = fields.List(fields.String(), required=True)
    names = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    plurals = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    classes = fields.Dict(keys=fields.String(), values=fields.Nested(JourneyClassSchema), required=True,
                          validate=Length(min=1))


def _check(schema, data, where):
    try:
        return schema.load(data)
    except ValidationError as error:
        raise WorldDataError(f"{where}: {error.messages}") from None


def _read(path):
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise WorldDataError(f"{path.name}: {error}") from None


def load_kinds(folder=DATA / "kinds"):
    """kind -> its validated table, from every ``*.toml`` in ``folder``; a word claimed by two
    kinds, or a kind defined twice, is an error."""
    kinds, owner = {}, {}
    for path in sorted(folder.glob("*.toml")):
        for kind, table in _read(path).items():
            where = f"{path.name}: [{kind}]"
            if kind in kinds:
                raise WorldDataError(f"{where}: the kind is defined twice")
            kinds[kind] = _check(KindSchema(), table, where)
            for word in kinds[kind]["words"]:
                word = word.lower()
                if word in owner:
                    raise WorldDataError(f"{where}: the word {word!r} already belongs to [{owner[word]}]")
                owner[word] = kind
    if not kinds:
        raise WorldDataError(f"{folder}: no kinds")
    return kinds


def load_modifiers(path=DATA / "modifiers.toml"):
    return {name: _check(ModifierSchema(), table, f"{path.name}: [{name}]") for name, table in _read(path).items()}


def load_weather(path=DATA / "weather.toml"):
    data = _read(path)
    missing = [w for w in WEATHERS if w not in data]
    if missing:
        raise WorldDataError(f"{path.name}: no templates for {', '.join(missing)}")
    return {w: _check(WeatherSchema(), data[w], f"{path.name}: [{w}]") for w in WEATHERS}


def load_generic(path=DATA / "generic.toml"):
    return _check(GenericSchema(), _read(path), path.name)


def load_heads(path=DATA / "heads.toml", kinds=None):
    """head noun -> its validated table (with its ``name``); a noun listed twice, or one a kind's
    words already name (a kind always wins, so the entry could never be used), is an error."""
    claimed = {word.lower() for table in (kinds or {}).values() for word in table["words"]}
    out = {}
    for name, table in _read(path).items():
        where = f"{path.name}: [{name}]"
        table = dict(_check(HeadSchema(), table, where), name=name)
        for noun in table["nouns"]:
            if noun in out:
                raise WorldDataError(f"{where}: the noun {noun!r} already belongs to [{out[noun]['name']}]")
            if noun in claimed:
                raise WorldDataError(f"{where}: the noun {noun!r} is a kind's word, so a kind takes it first")
            out[noun] = table
    return out


def load_journeys(path=DATA / "journeys.toml"):
    """The journeys table (``data/journeys.toml``): its nouns and its classes of vehicle, each class
    with ``name``; a vehicle word listed in two classes is an error. (A word a kind also names, such
    as "campervan", is that kind alone as a setting's head and a vehicle only on a journey: "a
    campervan trip".)"""
    data = _read(path)
    lists = ("journey_nouns", "collective_nouns", "names", "plurals")
    table = _check(JourneysSchema(), {**{k: data[k] for k in lists if k in data},
                                      "classes": {k: v for k, v in data.items() if k not in lists}}, path.name)
    owner = {}
    for name, spec in table["classes"].items():
        spec["name"] = name
        for word in spec["vehicles"]:
            if word in owner:
                raise WorldDataError(f"{path.name}: [{name}]: the vehicle {word!r} already belongs to [{owner[word]}]")
            owner[word] = name
    return table


@cache
def journeys():
    """The journeys table: what a vehicle on its way, or a party crossing open country, holds."""
    return load_journeys()


@cache
def heads():
    """head noun -> the parts any place of that noun has (``data/heads.toml``)."""
    return load_heads(kinds=tables()[0])


@cache
def tables():
    """(kinds, modifiers, weather, generic), loaded and validated on first use."""
    return load_kinds(), load_modifiers(), load_weather(), load_generic()
