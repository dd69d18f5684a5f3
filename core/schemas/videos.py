"""Videos: the video shape, the creation form (two modes) and the editor form (PATCH, regenerate).

Both choice lists of the spec (§5: the creation form's and the editor's) are accepted, anything
else is a 400 naming the value. Missing settings take the spec's defaults (§9); a setting that is
sent empty gets its 'required' message.
"""
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from core import choices
from core.schemas.common import (
    VISIBLE_TEXT,
    Choice,
    ChoiceArg,
    InputSchema,
    ListArgs,
    Trimmed,
    UTCDateTime,
    enum_field,
    shows_something,
)
from core.schemas.content import CONTENT_FIELDS, ContentSchema, without_fields
from core.schemas.tags import explore_fields, write_fields

MAX_TITLE = 100
MAX_TEXT = 50_000
MAX_SCRIPT_LINES = 40
MAX_SCRIPT_LINE = 500
MAX_SHOWN = 8  # things a scene shows (a storyboard correction)
MAX_SHOWN_NAME = 80
MAX_WHO = 4  # people a scene shows (a storyboard correction)
DEFAULT_DESCRIPTION = "Horror video created with AI"

TITLE_REQUIRED = "Title is required"
TITLE_TOO_LONG = "Title must be under 100 characters"
STORY_REQUIRED = "Please select a story"
REQUIRED_MESSAGES = {
    "genre": "Genre is required",
    "mood": "Mood is required",
    "setting": "Setting is required",
    "characters": "Characters are required",
    "animationStyle": "Animation style is required",
    "narrationVoice": "Narration voice is required",
}
#: fields each creation mode requires (besides the two every mode requires)
MODE_REQUIRED = {
    "from_story": ("storyId", "title"),
    "direct": ("genre", "mood", "setting", "characters"),
}

# Defaults of the spec (§9) for the render settings.
SETTING_DEFAULTS = {
    "animationStyle": "Cinematic", "narrationVoice": "Deep Male",
    "musicAmbience": "Dark Atmospheric", "duration": 60, "aspectRatio": "16:9",
    "resolution": "1080p", "frameRate": 30, "voiceSpeed": 1.0, "musicVolume": 50,
    "narrationVolume": 80, "colorGrading": "Horror", "transitions": "Fade", "subtitles": True,
    "captions": "phrase", "watermark": False, "isPublic": True, "allowComments": True, "allowDownload": False,
}


def _text(max_length, name, **kwargs):
    return Trimmed(validate=validate.Length(
        max=max_length, error=f"{name} must be at most {max_length:,} characters"), **kwargs)


class SettingChoice(Choice):
    """A choice that may be left out (the default applies) but not sent empty."""

    def __init__(self, options, label, required_message=None, **kwargs):
        kwargs.setdefault("metadata", {}).setdefault("enum", list(options))  # never empty
        super().__init__(options, label, required_message, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is None or (isinstance(value, str) and not value.strip()) or value == []:
            raise ValidationError(self.required_message)
        return super()._deserialize(value, attr, data, **kwargs)


class OptionalChoice(Choice):
    """A choice where empty means 'use the default' (``load_default``)."""

    def __init__(self, options, label, **kwargs):
        kwargs.setdefault("allow_none", True)
        super().__init__(options, label, **kwargs)

    def deserialize(self, value, attr=None, data=None, **kwargs):
        if value is None or (isinstance(value, str) and not value.strip()):
            return self.load_default
        return super().deserialize(value, attr, data, **kwargs)


class FrameRate(fields.Integer):
    """24, 30 or 60 (documented as that enum)."""

    default_error_messages = {"invalid": "Frame rate must be 24, 30 or 60"}

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).setdefault("enum", list(choices.FRAME_RATES))
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise self.make_error("invalid")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ValidationError(f"Unknown frame rate '{value}' (use 24, 30 or 60)") from None
        if number not in choices.FRAME_RATES:
            raise ValidationError(f"Unknown frame rate '{value}' (use 24, 30 or 60)")
        return int(number)


class ScriptLines(fields.Field):
    """The narration script: a list of at most 40 lines, each 1-500 characters after trimming
    that show something. An empty list (or null) clears it: the renderer then writes the script
    again."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).update({
            "type": "array", "maxItems": MAX_SCRIPT_LINES, "items": {
                "type": "string", "maxLength": MAX_SCRIPT_LINE, "pattern": VISIBLE_TEXT}})
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(line, str) for line in value):
            raise ValidationError("The script must be a list of lines of text")
        if len(value) > MAX_SCRIPT_LINES:
            raise ValidationError(
                f"The script can have at most {MAX_SCRIPT_LINES} lines ({len(value)} sent)")
        lines = [line.strip() for line in value]
        for number, line in enumerate(lines, 1):
            if not shows_something(line):
                raise ValidationError(f"Line {number} of the script is empty")
            if len(line) > MAX_SCRIPT_LINE:
                raise ValidationError(f"Line {number} of the script must be at most "
                                      f"{MAX_SCRIPT_LINE} characters ({len(line)} sent)")
        return lines


def _number(cls, low, high, message, **kwargs):
    return cls(validate=validate.Range(min=low, max=high, error=message),
               error_messages={"invalid": message, "null": message}, **kwargs)


def _duration(low, **kwargs):
    return _number(fields.Integer, low, 300, f"Duration must be between {low} and 300 seconds",
                   **kwargs)


class OptionalId(fields.Integer):
    """An id that may be left empty (None); anything else must be a whole number."""

    def __init__(self, message, **kwargs):
        super().__init__(allow_none=True, strict=False,
                         error_messages={"invalid": message, "too_large": message}, **kwargs)

    def deserialize(self, value, attr=None, data=None, **kwargs):
        if isinstance(value, str) and not value.strip():
            value = None
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super().deserialize(value, attr, data, **kwargs)


def settings_fields(defaults):
    """Render and publish settings shared by the creation form and the editor; ``defaults`` gives
    missing ones the spec's defaults (creation) or leaves them out (the editor changes only what
    it is sent)."""
    def d(name):
        return {"load_default": SETTING_DEFAULTS[name]} if defaults else {}

    return {
        "animationStyle": SettingChoice(choices.ANIMATION_STYLES, "animation style",
                                        **d("animationStyle")),
        "narrationVoice": SettingChoice(choices.NARRATION_VOICES, "narration voice",
                                        **d("narrationVoice")),
        "musicAmbience": OptionalChoice(choices.MUSIC, "music", **d("musicAmbience")),
        "aspectRatio": OptionalChoice(choices.ASPECT_RATIOS, "aspect ratio", **d("aspectRatio")),
        "resolution": OptionalChoice(choices.RESOLUTIONS, "resolution", **d("resolution")),
        "frameRate": FrameRate(**d("frameRate")),
        "voiceSpeed": _number(fields.Float, 0.5, 2, "Voice speed must be between 0.5 and 2",
                              **d("voiceSpeed")),
        "musicVolume": _number(fields.Integer, 0, 100, "Music volume must be between 0 and 100",
                               **d("musicVolume")),
        "narrationVolume": _number(fields.Integer, 0, 100,
                                   "Narration volume must be between 0 and 100",
                                   **d("narrationVolume")),
        "colorGrading": OptionalChoice(choices.COLOR_GRADINGS, "color grading",
                                       **d("colorGrading")),
        "transitions": OptionalChoice(choices.TRANSITIONS, "transition", **d("transitions")),
        "subtitles": fields.Boolean(**d("subtitles")),
        "captions": OptionalChoice(choices.CAPTIONS, "captions", **d("captions"),
                                   metadata={"description": "phrase: a cue at a time; word: the "
                                             "spoken word highlighted and timed in the WebVTT"}),
        "watermark": fields.Boolean(**d("watermark")),
        "isPublic": fields.Boolean(**d("isPublic")),
        "allowComments": fields.Boolean(**d("allowComments")),
        "allowDownload": fields.Boolean(**d("allowDownload")),
    }


def content_fields():
    """The story side of a video. No defaults, and null means 'not given': in from_story mode what
    is not given is copied from the story (see ``core.services.videos.create``)."""
    def text(max_length, name):
        return _text(max_length, name, allow_none=True)

    def choice(options, label):
        return Choice(options, label, allow_none=True)

    return {
        "content": text(MAX_TEXT, "Content"),
        "genre": choice(choices.GENRES, "genre"),
        "mood": choice(choices.MOODS, "mood"),
        "setting": text(2000, "Setting"),
        "characters": text(2000, "Characters"),
        "intensity": _number(fields.Integer, 1, 10, "Intensity must be between 1 and 10",
                             allow_none=True),
        "timeOfDay": choice(choices.TIMES_OF_DAY, "time of day"),
        "weatherCondition": choice(choices.WEATHER, "weather"),
        "protagonist": text(200, "Protagonist"),
        "antagonist": text(200, "Antagonist"),
        "includeDialogue": fields.Boolean(allow_none=True),
        "includeDescription": fields.Boolean(allow_none=True),
        "narrativePerspective": choice(choices.PERSPECTIVES, "narrative perspective"),
        "pacing": choice(choices.PACINGS, "pacing"),
        "keyElements": text(2000, "Key elements"),
        "plotTwist": text(2000, "Plot twist"),
        "customPrompt": text(5000, "Custom prompt"),
    }


def _blank(original, name):
    """True when ``name`` was left out, sent null or sent empty."""
    if not isinstance(original, dict):
        return True
    value = original.get(name)
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return value is None or (isinstance(value, str) and not shows_something(value))


def creation_mode(original):
    """The creation mode of a raw body: ``creationMode``, else from_story when a story is named."""
    if not isinstance(original, dict):
        return "direct"
    mode = original.get("creationMode")
    if isinstance(mode, str) and mode.strip():
        return mode.strip()
    return "direct" if original.get("storyId") in (None, "") else "from_story"


_CreateBase = InputSchema.from_dict({**settings_fields(True), **content_fields(),
                                     **write_fields()}, name="VideoCreateBase")
_EditBase = InputSchema.from_dict({**settings_fields(False), **content_fields(), **write_fields()},
                                  name="VideoEditBase")


def _mode_rules():
    """Each creation mode as an OpenAPI alternative: its mode (named, or inferred: from_story
    when a storyId is sent) and the fields it needs, each showing something."""
    visible = {"type": "string", "pattern": VISIBLE_TEXT}
    needs = {"storyId": {"type": "integer"}, "title": visible,
             "genre": {"type": "string", "enum": list(choices.GENRES)},
             "mood": {"type": "string", "enum": list(choices.MOODS)},
             "setting": visible, "characters": visible}
    unnamed = {"type": "string", "nullable": True, "enum": ["", None]}
    rules = []
    for mode, names in MODE_REQUIRED.items():
        properties = {name: needs[name] for name in names}
        rules.append({"properties": {"creationMode": {"type": "string", "enum": [mode]},
                                     **properties}, "required": ["creationMode", *names]})
        inferred = {"nullable": True, "enum": [None]} if mode == "direct" else needs["storyId"]
        rules.append({"properties": {"creationMode": unnamed, **properties, "storyId": inferred},
                      "required": list(names)})
    return {"anyOf": rules}


class VideoCreateSchema(_CreateBase):
    """``POST /api/videos``: ``creationMode`` from_story (storyId, title) or direct (genre, mood,
    setting, characters); both need animationStyle and narrationVoice; duration 15-300.
    Without ``creationMode`` the mode is from_story when a storyId is sent, else direct."""

    class Meta(_CreateBase.Meta):
        openapi = _mode_rules()

    creationMode = Choice(choices.CREATION_MODES, "creation mode", allow_none=True)
    storyId = OptionalId(STORY_REQUIRED, load_default=None)
    title = Trimmed(load_default="", allow_none=True,
                    validate=validate.Length(max=MAX_TITLE, error=TITLE_TOO_LONG))
    description = _text(2000, "Description", load_default=DEFAULT_DESCRIPTION)
    duration = _duration(15, load_default=SETTING_DEFAULTS["duration"])

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _mode_requirements(self, data, original, **kwargs):
        mode = creation_mode(original)
        if mode not in MODE_REQUIRED:
            return  # an unknown mode: the creationMode field says so
        errors = {}
        for name in MODE_REQUIRED[mode]:
            if _blank(original, name):
                errors[name] = [{"storyId": STORY_REQUIRED, "title": TITLE_REQUIRED}.get(
                    name) or REQUIRED_MESSAGES[name]]
        if errors:
            raise ValidationError(errors)


class SceneShowsSchema(Schema):
    """A storyboard correction of the scene of one script line, in the story's words: who is in
    it, where it is and what it shows (a scene sent with its line alone is left as it is)."""

    text = fields.String(required=True, validate=validate.Length(min=1, max=MAX_SCRIPT_LINE),
                         metadata={"description": "The scene's line of the script, as the last render lists it"},
                         error_messages={"required": "A scene is named by its line (text)"})
    shows = fields.List(
        fields.String(validate=validate.Length(min=1, max=MAX_SHOWN_NAME,
                                               error=f"Each thing a scene shows is 1 to {MAX_SHOWN_NAME} characters")),
        validate=validate.Length(max=MAX_SHOWN, error=f"A scene shows at most {MAX_SHOWN} things"),
        metadata={"description": "What it shows: the place, the people, the key element "
                                 '("the felt door", "the rider")'})
    who = fields.List(
        fields.String(validate=validate.Length(min=1, max=MAX_SHOWN_NAME,
                                               error=f"Each person in a scene is 1 to {MAX_SHOWN_NAME} characters")),
        validate=validate.Length(max=MAX_WHO, error=f"A scene has at most {MAX_WHO} people"),
        metadata={"description": "Who is in it, in the story's words (\"Altan\", \"the rider\"); "
                                 "an empty list: nobody"})
    where = fields.String(validate=validate.Length(min=1, max=MAX_SHOWN_NAME,
                                                   error=f"Where a scene is must be 1 to {MAX_SHOWN_NAME} characters"),
                          metadata={"description": "Where it is: a place of the story (\"the ger\", "
                                                   "\"the steppe\")"})

    @validates_schema
    def _something(self, data, **kwargs):
        if "where" in data and not shows_something(data["where"]):
            raise ValidationError("Where a scene is must name a place", "where")


class VideoEditSchema(_EditBase):
    """``PATCH /api/videos/{id}`` and ``POST /api/videos/{id}/regenerate``: only the fields sent
    change (title 1-100, duration 10-300, frame rate 24/30/60, voice speed 0.5-2, volumes 0-100)."""

    title = Trimmed(validate=validate.Length(max=MAX_TITLE, error=TITLE_TOO_LONG),
                    error_messages={"null": TITLE_REQUIRED}, metadata={"pattern": VISIBLE_TEXT})
    description = _text(2000, "Description")
    duration = _duration(10)
    script = ScriptLines(allow_none=True)
    scenes = fields.List(fields.Nested(SceneShowsSchema), validate=validate.Length(
        max=MAX_SCRIPT_LINES, error=f"At most {MAX_SCRIPT_LINES} scenes"),
        metadata={"description": "Storyboard corrections: who is in the scene of a line, where it is "
                                 "and what it shows; the next render draws it so"})

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def _title_required(self, data, original, **kwargs):
        if isinstance(original, dict) and isinstance(original.get("title"), str) \
                and not shows_something(original["title"]):
            raise ValidationError(TITLE_REQUIRED, "title")


class VideoFeedArgs(ListArgs.from_dict(explore_fields(), name="VideoExploreArgs")):
    q = fields.String(load_default="")
    status = ChoiceArg(choices.VIDEO_STATUSES)


class SceneSchema(Schema):
    """One scene of the last render: when it starts, its line of the script, what it shows."""

    start = fields.Float()
    text = fields.String()
    shows = fields.List(fields.String())
    who = fields.List(fields.String(), dump_default=[],
                      metadata={"description": "Who is in it (the story's words)"})
    where = fields.String(dump_default="", metadata={"description": "Where it is (the story's words)"})
    edited = fields.Boolean(dump_default=False,
                            metadata={"description": "Who, where or what it shows was corrected on the storyboard"})
    thumbnailUrl = fields.String(allow_none=True)


class StoryCreditSchema(Schema):
    """The author of the story a video was made from."""

    id = fields.Integer()
    first_name = fields.String(data_key="firstName")
    last_name = fields.String(data_key="lastName")


class VideoSchema(ContentSchema):
    story_id = fields.Integer(data_key="storyId", allow_none=True)
    story_title = fields.String(data_key="storyTitle", allow_none=True, dump_default=None)
    story_author = fields.Nested(StoryCreditSchema, data_key="storyAuthor", allow_none=True,
                                 dump_default=None)
    script_lines = fields.List(fields.String(), data_key="script", dump_default=[])
    scene_items = fields.List(fields.Nested(SceneSchema), data_key="scenes", dump_default=[])
    creation_mode = enum_field(choices.CREATION_MODES, data_key="creationMode")
    description = fields.String()
    status = enum_field(choices.VIDEO_STATUSES)
    progress = fields.Integer()
    progress_message = fields.String(data_key="progressMessage")
    error = fields.String(allow_none=True)
    video_url = fields.String(data_key="videoUrl", allow_none=True, dump_default=None)
    poster_url = fields.String(data_key="posterUrl", allow_none=True, dump_default=None)
    subtitles_url = fields.String(data_key="subtitlesUrl", allow_none=True, dump_default=None)
    download_url = fields.String(data_key="downloadUrl", allow_none=True, dump_default=None)
    render_height = fields.Integer(data_key="renderHeight", allow_none=True, dump_default=None)
    animation_style = enum_field(choices.ANIMATION_STYLES, data_key="animationStyle")
    narration_voice = enum_field(choices.NARRATION_VOICES, data_key="narrationVoice")
    music_ambience = enum_field(choices.MUSIC, data_key="musicAmbience")
    duration = fields.Integer()
    aspect_ratio = enum_field(choices.ASPECT_RATIOS, data_key="aspectRatio")
    resolution = enum_field(choices.RESOLUTIONS)
    frame_rate = fields.Integer(data_key="frameRate", validate=validate.OneOf(choices.FRAME_RATES))
    voice_speed = fields.Float(data_key="voiceSpeed")
    music_volume = fields.Integer(data_key="musicVolume")
    narration_volume = fields.Integer(data_key="narrationVolume")
    color_grading = enum_field(choices.COLOR_GRADINGS, data_key="colorGrading")
    transitions = enum_field(choices.TRANSITIONS)
    subtitles = fields.Boolean()
    captions = enum_field(choices.CAPTIONS)
    watermark = fields.Boolean()
    allow_download = fields.Boolean(data_key="allowDownload")
    rendered_at = UTCDateTime(data_key="renderedAt", allow_none=True)


class VoiceSchema(Schema):
    """A narration voice of the spec and what speaks it on this server."""

    name = enum_field(choices.NARRATION_VOICES, metadata={"description": "The spec's voice name"})
    speaker = fields.String(metadata={"description": "The installed voice that speaks it, e.g. "
                                                     "\"Piper joe (pitch x0.86)\""})
    engine = enum_field(("piper", "espeak"))
    fallback = fields.Boolean(metadata={"description": "eSpeak NG speaks because no fitting "
                                                       "neural voice is installed"})
    pull = fields.String(allow_none=True, metadata={
        "description": "The neural voice that would speak it (dreadforge voices pull NAME)"})
    licence = fields.String(allow_none=True)


@without_fields("content", "script_lines", "scene_items")
class VideoCardSchema(VideoSchema):
    """A video in a feed: without its story text and narration script, with an excerpt of its
    description or text (``core.schemas.content.as_card``); all of it is on
    ``GET /api/videos/{id}``."""

    excerpt = fields.String(dump_default="", metadata={"description": "the description's or text's first 150 "
                                                     "characters"})


VIDEO_FIELDS = {  # API name -> model attribute, for the writable fields
    **CONTENT_FIELDS, "description": "description", "animationStyle": "animation_style",
    "narrationVoice": "narration_voice", "musicAmbience": "music_ambience",
    "duration": "duration", "aspectRatio": "aspect_ratio", "resolution": "resolution",
    "frameRate": "frame_rate", "voiceSpeed": "voice_speed", "musicVolume": "music_volume",
    "narrationVolume": "narration_volume", "colorGrading": "color_grading",
    "transitions": "transitions", "subtitles": "subtitles", "captions": "captions", "watermark": "watermark",
    "allowDownload": "allow_download", "script": "script",
}
#: story attributes a from_story video copies (model attribute names on both)
STORY_COPY = ("content", "genre", "mood", "setting", "characters", "plot_twist", "key_elements",
              "intensity", "time_of_day", "weather_condition", "protagonist", "antagonist",
              "include_dialogue", "include_description", "narrative_perspective", "pacing",
              "custom_prompt", "tags", "content_warnings", "is_mature")
#: defaults for the content fields when neither the body nor a story gives them
CONTENT_DEFAULTS = {"content": "", "genre": "", "mood": "", "setting": "", "characters": "",
                    "plot_twist": "", "key_elements": "", "intensity": 5, "time_of_day": "",
                    "weather_condition": "", "protagonist": "", "antagonist": "",
                    "include_dialogue": True, "include_description": True,
                    "narrative_perspective": "Third Person", "pacing": "Moderate",
                    "custom_prompt": ""}
