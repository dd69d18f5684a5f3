"""The story plan: the one description of a story's spine (cast, places, key elements, twist,
beats and the custom prompt's instructions), shared by the outline screen, both writers and the
video.

Each part is a marshmallow schema, and that schema is the only description of its fields: the API
validates and documents a plan with it (OpenAPI, the web app's generated types), and the writers
get typed objects from it (``load_plan``: attribute access, snake_case names) and hand them back
(``dump_plan``: plain JSON, camelCase as the API speaks). A plan is stored with its story as that
JSON (``stories.plan``).
"""
from types import SimpleNamespace

from marshmallow import EXCLUDE, Schema, ValidationError, fields, post_load, validates_schema
from marshmallow.validate import Length, OneOf, Range

PLAN_VERSION = 1
PRONOUNS = ("she", "he", "they", "it", "i")
ROLES = ("protagonist", "antagonist", "supporting")
ELEMENT_JOBS = ("clue", "tool", "cost")
BEAT_KINDS = ("hook", "arrival", "first_sign", "investigation", "escalation", "reversal", "climax",
              "aftermath", "scene")
FORMATS = ("prose", "logbook", "diary", "letters", "transcript", "recording", "notes", "report")
DIALOGUE, CHAPTER_LENGTHS, CHAPTER_ENDS, TENSES = ("", "more", "less"), ("", "short", "long"), \
    ("", "sting", "cliffhanger", "quiet"), ("", "past", "present")
PLACE_AT = ("", "on", "out on", "at", "out in")
BRANCHES = ("", "keep", "give", "follow", "abandon", "stay", "run", "open", "seal", "truth", "lie")
TWIST_KINDS = ("", "dead_all_along", "secret_identity", "culprit", "protagonist_cause", "place", "trap", "unreal",
               "other")
MAX_CAST, MAX_PLACES, MAX_ELEMENTS, MAX_BEATS = 12, 12, 12, 40
MAX_SHORT, MAX_TEXT = 200, 1000


class PlanPart(SimpleNamespace):
    """A loaded part of a plan: its fields as attributes (``beat.text``, ``person.pronouns``)."""


def _short(name, **kwargs):
    return fields.String(validate=Length(max=MAX_SHORT, error=f"{name} must be at most {MAX_SHORT} characters"),
                         **kwargs)


def _text(name, **kwargs):
    return fields.String(validate=Length(max=MAX_TEXT, error=f"{name} must be at most {MAX_TEXT:,} characters"),
                         **kwargs)


def _required(name, maximum=MAX_SHORT):
    return fields.String(required=True, validate=Length(
        min=1, max=maximum, error=f"{name} must be 1 to {maximum:,} characters"),
        error_messages={"required": f"{name} is required"})


def _ids(what, maximum):
    return fields.List(fields.String(validate=Length(min=1, max=40)), load_default=list,
                       validate=Length(max=maximum, error=f"At most {maximum} {what}"))


def _words(name, maximum):
    return fields.List(fields.String(validate=Length(min=1, max=MAX_SHORT)), load_default=list,
                       validate=Length(max=maximum, error=f"At most {maximum} {name}"))


class PartSchema(Schema):
    """A plan part: unknown keys are ignored (a client sends whole objects back), loads to a
    ``PlanPart``."""

    class Meta:
        unknown = EXCLUDE

    @post_load
    def _part(self, data, **kwargs):
        return PlanPart(**data)

    @validates_schema(pass_original=True)
    def _storable(self, data, original, **kwargs):
        """Text a database cannot keep (a NUL byte, a lone surrogate) is refused, naming the field
        (this part's own texts: its nested parts check theirs; unknown keys are not read)."""
        from core.bounds import text_problem
        if not isinstance(original, dict):
            return
        problems = {}
        for name, field in self.load_fields.items():
            key = field.data_key or name
            value = original.get(key)
            texts = [value] if isinstance(value, str) else \
                [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
            problem = next(filter(None, map(text_problem, texts)), None)
            if problem:
                problems[key] = [problem]
        if problems:
            raise ValidationError(problems)


class PersonSchema(PartSchema):
    id = _required("A cast member's id", 40)
    name = _required("A cast member's name")
    handle = _short("What to call them", load_default="",
                    metadata={"description": "What the story calls them after the first mention "
                                             "(\"the girl\", \"Pichler\"); the name when empty"})
    pronouns = fields.String(load_default="they", validate=OneOf(PRONOUNS, error="Pronouns must be one of: "
                                                                                  + ", ".join(PRONOUNS)))
    role = fields.String(load_default="supporting", validate=OneOf(ROLES, error="Role must be one of: "
                                                                               + ", ".join(ROLES)))
    look = _short("A look", load_default="", metadata={"description": "How they look, in the story's words"})
    want = _short("A want", load_default="", metadata={"description": "What they want"})


class PlaceSchema(PartSchema):
    id = _required("A place's id", 40)
    name = _required("A place's name")
    handle = _short("What to call it", load_default="",
                    metadata={"description": "The short name after the first mention (\"the station\")"})
    description = _text("A place's description", load_default="")
    fixtures = _words("fixtures", 20)
    sounds = _words("sounds", 20)
    outdoors = fields.Boolean(load_default=False)
    at = fields.String(load_default="", validate=OneOf(PLACE_AT, error="A place's preposition must be one of: "
                                                                      + ", ".join(PLACE_AT[1:])),
                       metadata={"description": "How the story says someone is there when not \"in\": \"on\" "
                                                "(the catwalk), \"out on\" (the salt pans), \"at\" (the bottom of "
                                                "the tower)"})


class ElementSchema(PartSchema):
    id = _required("A key element's id", 40)
    name = _required("A key element's name")
    handle = _short("What to call it", load_default="")
    job = fields.String(load_default="clue", validate=OneOf(ELEMENT_JOBS, error="A key element's job must be "
                                                                                "one of: " + ", ".join(ELEMENT_JOBS)),
                        metadata={"description": "clue: it tells something; tool: it is used; "
                                                 "cost: using it costs something"})
    beats = _ids("beats", MAX_BEATS)
    portable = fields.Boolean(load_default=True,
                              metadata={"description": "Whether someone can pick it up and carry it "
                                                       "(a key can; a 30-tonne container cannot)"})


class TwistSchema(PartSchema):
    reveal = _text("The twist", load_default="")
    about = fields.String(load_default="", validate=Length(max=40),
                          metadata={"description": "The id of the cast member the twist is about, if any"})
    clues = _ids("clues", MAX_BEATS)
    kind = fields.String(load_default="", validate=OneOf(TWIST_KINDS, error="A twist's kind must be one of: "
                                                                            + ", ".join(TWIST_KINDS[1:])),
                         metadata={"description": "dead_all_along, secret_identity (someone is someone else), "
                                                  "culprit (the harm was X's doing), protagonist_cause, place (the "
                                                  "place is not what it seems), trap (it was planned, someone was "
                                                  "chosen or lured), unreal (a dream), other"})
    same_as = fields.String(load_default="", validate=Length(max=40), data_key="sameAs",
                            metadata={"description": "The id of the cast member the one it is about turns out "
                                                     "to be, if any"})


class InstructionsSchema(PartSchema):
    """What the custom prompt asks for, read as instructions (never pasted into the prose)."""

    format = fields.String(load_default="prose", validate=OneOf(FORMATS, error="Format must be one of: "
                                                                               + ", ".join(FORMATS)))
    avoid = _words("things to avoid", 20)
    focus = _words("things to focus on", 20)
    framing = _short("A framing device", load_default="",
                     metadata={"description": "The device the prompt names (\"the ship's medical log\", \"the "
                                              "rushes they watch each night\"), in the prompt's words: for the "
                                              "writer to build on, never printed whole"})
    notes = _text("Notes", load_default="",
                  metadata={"description": "What else the prompt asks, in a writer's words"})
    tone = _words("tones", 20)
    dialogue = fields.String(load_default="", validate=OneOf(DIALOGUE, error="Dialogue must be one of: more, less "
                                                                             "(or empty)"),
                             metadata={"description": "more: much of the story in speech; less: little speech"})
    chapters = fields.Boolean(load_default=False, metadata={"description": "Told in chapters or numbered parts"})
    chapter_length = fields.String(
        load_default="", data_key="chapterLength",
        validate=OneOf(CHAPTER_LENGTHS, error="Chapter length must be short or long (or empty)"))
    chapter_end = fields.String(
        load_default="", data_key="chapterEnd",
        validate=OneOf(CHAPTER_ENDS, error="A chapter ending must be one of: sting, cliffhanger, quiet (or empty)"),
        metadata={"description": "How each chapter ends"})
    tense = fields.String(load_default="", validate=OneOf(TENSES, error="Tense must be past or present (or empty)"))


class ChoiceSchema(PartSchema):
    choice = _text("A choice", load_default="")
    leaves = fields.Boolean(load_default=False,
                            metadata={"description": "The companion leaves for good here"})
    taken = _text("The option taken", load_default="",
                  metadata={"description": "What the protagonist chose (\"to keep the compass\"), if the choice "
                                           "opens a branch"})
    refused = _text("The option refused", load_default="",
                    metadata={"description": "What the protagonist refused (\"to hand it over\")"})
    branch = fields.String(load_default="", validate=OneOf(BRANCHES, error="A choice's branch must be one of: "
                                                                           + ", ".join(BRANCHES[1:])),
                           metadata={"description": "The branch the choice opens, which the later beats and the "
                                                    "ending follow: keep or give (the key element at stake), "
                                                    "follow or abandon (the companion), stay or run, open or seal, "
                                                    "truth or lie"})


class BeatSchema(PartSchema):
    id = _required("A beat's id", 40)
    kind = fields.String(load_default="scene", validate=OneOf(BEAT_KINDS, error="A beat's kind must be one of: "
                                                                                + ", ".join(BEAT_KINDS)))
    text = _required("A beat's text", MAX_TEXT)
    place = fields.String(load_default="", validate=Length(max=40),
                          metadata={"description": "The id of the place where it happens"})
    who = _ids("people in a beat", MAX_CAST)
    elements = _ids("key elements in a beat", MAX_ELEMENTS)
    changes = _text("What a beat changes", load_default="")
    clue = _text("A beat's clue", load_default="")
    words = fields.Integer(load_default=0, validate=Range(min=0, max=3000))
    edited = fields.Boolean(load_default=False,
                            metadata={"description": "Written or changed by the author: the story tells it"})
    choice = fields.Nested(ChoiceSchema, load_default=None, allow_none=True,
                           metadata={"description": "The protagonist's choice in this beat, if it has one"})
    because = fields.String(load_default="", validate=Length(max=40),
                            metadata={"description": "The id of the earlier beat whose change caused this one "
                                                     "(kept when that beat is deleted: it then names nothing)"})
    cause = _text("A beat's reason", load_default="",
                  metadata={"description": "The reason, in words: what the earlier beat changed"})


class StoryPlanSchema(PartSchema):
    version = fields.Integer(load_default=PLAN_VERSION, validate=OneOf([PLAN_VERSION]))
    title = _short("A title", load_default="")
    logline = _text("A logline", load_default="")
    premise = _text("A premise", load_default="")
    setting = _text("A setting", load_default="")
    world = _short("A world", load_default="",
                   metadata={"description": "What kind of place the setting is (\"ger\", \"daycare\")"})
    weather = _short("Weather", load_default="")
    time_of_day = _short("Time of day", load_default="", data_key="timeOfDay")
    method = _short("A method", load_default="",
                    metadata={"description": "How the antagonist works (\"imitation\", \"possession\", \"trap\")"})
    instructions = fields.Nested(InstructionsSchema, load_default=lambda: InstructionsSchema().load({}))
    cast = fields.List(fields.Nested(PersonSchema), required=True,
                       validate=Length(min=1, max=MAX_CAST, error=f"A plan has 1 to {MAX_CAST} cast members"))
    places = fields.List(fields.Nested(PlaceSchema), required=True,
                         validate=Length(min=1, max=MAX_PLACES, error=f"A plan has 1 to {MAX_PLACES} places"))
    elements = fields.List(fields.Nested(ElementSchema), load_default=list,
                           validate=Length(max=MAX_ELEMENTS, error=f"At most {MAX_ELEMENTS} key elements"))
    twist = fields.Nested(TwistSchema, load_default=lambda: TwistSchema().load({}))
    beats = fields.List(fields.Nested(BeatSchema), required=True,
                        validate=Length(min=1, max=MAX_BEATS, error=f"A plan has 1 to {MAX_BEATS} beats"))
    ending = _text("An ending", load_default="")

    @validates_schema
    def _references(self, data, **kwargs):
        """Every id is unique and every reference names a part of this plan."""
        problems = {}
        ids = {}
        for key in ("cast", "places", "elements", "beats"):
            seen = [part.id for part in data.get(key, [])]
            if len(seen) != len(set(seen)):
                problems[key] = [f"Two {key} share an id"]
            ids[key] = set(seen)
        if sum(person.role == "protagonist" for person in data.get("cast", [])) != 1:
            problems.setdefault("cast", []).append("A plan has exactly one protagonist")
        for beat in data.get("beats", []):
            if beat.place and beat.place not in ids["places"]:
                problems.setdefault("beats", []).append(f"Beat {beat.id}: unknown place {beat.place}")
            for who in beat.who:
                if who not in ids["cast"]:
                    problems.setdefault("beats", []).append(f"Beat {beat.id}: unknown cast member {who}")
            for element in beat.elements:
                if element not in ids["elements"]:
                    problems.setdefault("beats", []).append(f"Beat {beat.id}: unknown key element {element}")
        for element in data.get("elements", []):
            if any(b not in ids["beats"] for b in element.beats):
                problems.setdefault("elements", []).append(f"Key element {element.id}: unknown beat")
        twist = data.get("twist")
        if twist is not None:
            if twist.about and twist.about not in ids["cast"]:
                problems["twist"] = [f"The twist is about an unknown cast member {twist.about}"]
            if getattr(twist, "same_as", "") and twist.same_as not in ids["cast"]:
                problems.setdefault("twist", []).append(f"The twist names an unknown cast member {twist.same_as}")
            if any(b not in ids["beats"] for b in twist.clues):
                problems.setdefault("twist", []).append("A twist clue names an unknown beat")
        if problems:
            raise ValidationError(problems)


def load_plan(data):
    """A typed plan (``PlanPart`` objects) from its JSON; ``ValidationError`` when it is not one."""
    return StoryPlanSchema().load(data)


def dump_plan(plan):
    """The JSON of a typed plan (what the API returns and the database keeps)."""
    return StoryPlanSchema().dump(plan)
