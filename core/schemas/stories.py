"""Stories: the story shape, the create/update bodies and the generation form."""
from typing import ClassVar

from marshmallow import ValidationError, fields, validate, validates_schema

from core import choices, paragraphs
from core.providers import StoryProvider
from core.schemas.common import MAX_ID, Choice, InputSchema, ListArgs, RequiredText, Trimmed
from core.schemas.content import CONTENT_FIELDS, ContentSchema, without_fields
from core.schemas.tags import TagList, WarningList, explore_fields, filter_fields
from core.story_plan import StoryPlanSchema

MAX_TITLE = 200
MAX_STORY = 50_000
MIN_CONTINUE, MAX_CONTINUE = 50, 1000


def _text(max_length, name):
    return Trimmed(load_default="", validate=validate.Length(
        max=max_length, error=f"{name} must be at most {max_length:,} characters"))


class StoryLength(fields.Field):
    """A word count 100-3000, or the spec's label (short, medium, long)."""

    default_error_messages: ClassVar[dict] = {
        "invalid": "Story length must be short, medium, long or a number of words from 100 to 3000"}

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).setdefault("anyOf", [
            {"type": "string", "enum": list(choices.STORY_LENGTH_LABELS)},
            {"type": "integer", "minimum": 100, "maximum": 3000}])
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and value.strip().lower() in choices.STORY_LENGTH_LABELS:
            return choices.STORY_LENGTH_LABELS[value.strip().lower()]
        try:
            words = int(value)
        except (TypeError, ValueError):
            raise self.make_error("invalid") from None
        if not 100 <= words <= 3000:
            raise ValidationError("Story length must be between 100 and 3000 words")
        return words


class StoryParams(InputSchema):
    """The creation form's fields (stored with the story, and sent to the writer)."""

    characters = _text(2000, "Characters")
    setting = _text(2000, "Setting")
    intensity = fields.Integer(load_default=5, validate=validate.Range(
        min=1, max=10, error="Intensity must be between 1 and 10"))
    storyLength = StoryLength(load_default=1000)
    timeOfDay = Choice(choices.TIMES_OF_DAY, "time of day", load_default="")
    weatherCondition = Choice(choices.WEATHER, "weather", load_default="")
    protagonist = _text(200, "Protagonist")
    antagonist = _text(200, "Antagonist")
    includeDialogue = fields.Boolean(load_default=True)
    includeDescription = fields.Boolean(load_default=True)
    narrativePerspective = Choice(choices.PERSPECTIVES, "narrative perspective",
                                  load_default="Third Person")
    pacing = Choice(choices.PACINGS, "pacing", load_default="Moderate")
    keyElements = _text(2000, "Key elements")
    plotTwist = _text(2000, "Plot twist")
    customPrompt = _text(5000, "Custom prompt")


class PlanField(fields.Nested):
    """A story plan (``core.story_plan``), loaded whole: a partial update of the body around it
    (PUT of a story) never makes the plan's own required parts optional."""

    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", {}).setdefault(
            "type", "A plan must be an object with its cast, places and beats")
        super().__init__(StoryPlanSchema, **kwargs)

    def _deserialize(self, value, attr, data, partial=None, **kwargs):
        if not isinstance(value, dict):
            raise self.make_error("type")
        return super()._deserialize(value, attr, data, partial=None, **kwargs)


MAX_WRITER = 80


class StoryWriteSchema(StoryParams):
    title = _text(MAX_TITLE, "Title")
    writer = _text(MAX_WRITER, "Writer")
    content = RequiredText("Content is required", MAX_STORY,
                           f"Story must be at most {MAX_STORY:,} characters", required=True)
    genre = Choice(choices.GENRES, "genre", required=True)
    mood = Choice(choices.MOODS, "mood", required=True)
    isPublic = fields.Boolean(load_default=True)
    allowComments = fields.Boolean(load_default=True)
    plan = PlanField(metadata={"description": "The plan the story was written from (kept with it)"})
    allowVideos = fields.Boolean(load_default=True, metadata={
        "description": "Others may make videos of this story (its author always may)"})
    tags = TagList(load_default=list)
    contentWarnings = WarningList(load_default=list)
    isMature = fields.Boolean(load_default=False, metadata={
        "description": "Mature (18+): visitors and readers who did not opt in see only its card"})
    seriesId = fields.Integer(allow_none=True, validate=validate.Range(
        min=1, max=MAX_ID, error="Unknown series"), metadata={
        "description": "Make it a part of this series of yours (null: a story on its own)"})
    seriesPart = fields.Integer(allow_none=True, validate=validate.Range(
        min=1, max=MAX_ID, error="seriesPart must be 1 or more"), metadata={
        "description": "Its part number (the parts after it move down); omitted: the last"})
    draftId = fields.Integer(allow_none=True, validate=validate.Range(
        min=1, max=2**63 - 1, error="Unknown draft"), metadata={
        "description": "Creating: the draft this story was written in (``/api/drafts``), "
                       "removed once the story is saved when it is still at ``draftRevision``"})
    draftRevision = fields.Integer(allow_none=True, validate=validate.Range(
        min=1, max=2**31 - 1, error="draftRevision must be a draft's revision"), metadata={
        "description": "Creating: the revision of ``draftId`` the story was written from; a "
                       "draft saved since (another tab or window) is kept"})


class OutlineSchema(StoryParams):
    """The generation form (what both the outline and the story are made from)."""

    genre = Choice(choices.GENRES, "genre", required=True)
    mood = Choice(choices.MOODS, "mood", required=True)
    setting = RequiredText("Setting is required", 2000, "Setting must be at most 2,000 characters",
                           required=True)
    characters = RequiredText("Characters are required", 2000,
                              "Characters must be at most 2,000 characters", required=True)
    suggestedTitle = _text(MAX_TITLE, "Title")
    seed = fields.Integer(load_default=None, allow_none=True)
    seriesId = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(
        min=1, max=MAX_ID, error="Unknown series"), metadata={
        "description": "The next part of this series of yours: the plan starts from the last "
                       "part's (same cast, places, key elements; what happened)"})


class GenerateSchema(OutlineSchema):
    plan = PlanField(metadata={
        "description": "Write from this plan (from the outline, edited): a beat marked edited is "
                       "told; without one the writer plans first"})


class SuggestionsSchema(InputSchema):
    content = RequiredText("Content is required", MAX_STORY,
                           f"Story must be at most {MAX_STORY:,} characters", required=True)
    type = fields.String(load_default="improvement")


class EnhanceSchema(InputSchema):
    content = RequiredText("Content is required", MAX_STORY,
                           f"Story must be at most {MAX_STORY:,} characters", required=True)
    # documented as an enum; checked below with the product's message
    type = fields.String(required=True, error_messages={"required": "Enhancement type is required"},
                         metadata={"enum": list(StoryProvider.ENHANCE_MODES)})

    @validates_schema
    def _known_type(self, data, **kwargs):
        if data.get("type") not in StoryProvider.ENHANCE_MODES:
            raise ValidationError(
                f"Unknown enhancement type '{data.get('type')}' "
                f"(use {', '.join(StoryProvider.ENHANCE_MODES)})", "type")


class CowriteSchema(InputSchema):
    """What Continue and Rewrite work on: the text, and the story's plan when it has one."""

    content = RequiredText("Content is required", MAX_STORY,
                           f"Story must be at most {MAX_STORY:,} characters", required=True)
    plan = fields.Nested(StoryPlanSchema, load_default=None, metadata={
        "description": "The story's plan: the writer follows it (the saved one when omitted)"})


class ContinueSchema(CowriteSchema):
    words = fields.Integer(load_default=0, validate=validate.Range(
        min=MIN_CONTINUE, max=MAX_CONTINUE,
        error=f"Words must be between {MIN_CONTINUE} and {MAX_CONTINUE:,}"), metadata={
        "description": "About how many words to add (omitted: the writer's choice)"})


class RewriteSchema(CowriteSchema):
    paragraph = fields.Integer(required=True, validate=validate.Range(
        min=0, error="Paragraph must be 0 or more"), error_messages={
        "required": "Paragraph is required"}, metadata={
        "description": "Which paragraph (0-based; paragraphs are separated by blank lines)"})

    @validates_schema
    def _paragraph_exists(self, data, **kwargs):
        count = len(paragraphs.split(data.get("content")))
        if data.get("paragraph", 0) >= count and "content" in data:
            raise ValidationError(f"Paragraph {data['paragraph']} does not exist: the text has "
                                  f"{count} paragraph{'s' if count != 1 else ''} (0 to "
                                  f"{count - 1})", "paragraph")


class WaitArgs(InputSchema):
    wait = fields.Float(load_default=0, validate=validate.Range(
        min=0, max=30, error="wait must be between 0 and 30 seconds"))


TagFilterArgs = ListArgs.from_dict(filter_fields(), name="TagFilterArgs")


class FeedArgs(ListArgs.from_dict(explore_fields(), name="ExploreArgs")):
    q = fields.String(load_default="")


class StorySchema(ContentSchema):
    story_length = fields.Integer(data_key="storyLength")
    writer = fields.String(metadata={
        "description": "Which writer wrote it (\"Offline engine\", \"Gemma 3 4B IT "
                       "(llama.cpp)\"); empty when written by hand"})
    allow_videos = fields.Boolean(data_key="allowVideos")
    series_id = fields.Integer(data_key="seriesId", allow_none=True, metadata={
        "description": "The series it is a part of (GET /api/series/{id}); null: on its own"})
    series_part = fields.Integer(data_key="seriesPart", allow_none=True)


@without_fields("content")
class StoryCardSchema(StorySchema):
    """A story in a feed (landing, Explore, the dashboard): the story without its text, with an
    excerpt of it (``core.schemas.content.as_card``); the text is on ``GET /api/stories/{id}``."""

    excerpt = fields.String(dump_default="", metadata={"description": "the text's first 150 characters"})


STORY_FIELDS = {**CONTENT_FIELDS, "storyLength": "story_length", "writer": "writer",
                "allowVideos": "allow_videos"}
