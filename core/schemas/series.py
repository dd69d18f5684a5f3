"""Series: the series shape (with its parts in order), the create/update body, the parts' order
and the next part's form."""
from marshmallow import Schema, fields, validate

from core.schemas.common import AuthorSchema, Id, InputSchema, RequiredText, Trimmed, UTCDateTime
from core.schemas.tags import warning_key

MAX_SERIES_TITLE = 200
MAX_SERIES_DESCRIPTION = 2000
MAX_PARTS = 500


class SeriesWriteSchema(InputSchema):
    title = RequiredText("Title is required", MAX_SERIES_TITLE,
                         f"Title must be at most {MAX_SERIES_TITLE} characters", required=True)
    description = Trimmed(load_default="", validate=validate.Length(
        max=MAX_SERIES_DESCRIPTION,
        error=f"Description must be at most {MAX_SERIES_DESCRIPTION:,} characters"))
    isPublic = fields.Boolean(load_default=True, metadata={
        "description": "A private series (and its parts' place in it) is its owner's and the "
                       "admins' only"})


class PartsOrderSchema(InputSchema):
    storyIds = fields.List(Id(), required=True, validate=validate.Length(
        max=MAX_PARTS, error=f"A series has at most {MAX_PARTS} parts"),
        error_messages={"required": "storyIds is required: the series' stories in their new order"},
        metadata={"description": "Exactly the series' stories, each once, in the new order"})


class SeriesPartSchema(Schema):
    """A part as the series page lists it (the text is on ``GET /api/stories/{id}``)."""

    id = fields.Integer(required=True)
    title = fields.String(required=True)
    series_part = fields.Integer(data_key="seriesPart", required=True)
    is_public = fields.Boolean(data_key="isPublic", required=True)
    genre = fields.String(required=True)
    mood = fields.String(required=True)
    excerpt = fields.String(required=True, metadata={
        "description": "Empty when ``matureGate``: the reader may not read the part"})
    content_warnings = fields.List(warning_key(), data_key="contentWarnings", required=True)
    is_mature = fields.Boolean(data_key="isMature", required=True)
    mature_gate = fields.Boolean(data_key="matureGate", required=True, metadata={
        "description": "Mature, and you are signed out or did not opt in (showMature): no excerpt"})
    views = fields.Integer(required=True)
    likes_count = fields.Integer(data_key="likesCount", required=True)
    created_at = UTCDateTime(data_key="createdAt", required=True)


class SeriesSummarySchema(Schema):
    """A series in a list (an author's page): without its parts."""

    id = fields.Integer(required=True)
    user_id = fields.Integer(data_key="userId", required=True)
    title = fields.String(required=True)
    description = fields.String(required=True)
    is_public = fields.Boolean(data_key="isPublic", required=True)
    parts_count = fields.Integer(data_key="partsCount", required=True, metadata={
        "description": "How many parts the reader may open"})
    first_story_id = fields.Integer(data_key="firstStoryId", allow_none=True, required=True)
    created_at = UTCDateTime(data_key="createdAt", required=True)
    updated_at = UTCDateTime(data_key="updatedAt", required=True)
    user = fields.Nested(AuthorSchema, required=True)


class SeriesSchema(SeriesSummarySchema):
    parts = fields.List(fields.Nested(SeriesPartSchema), required=True, metadata={
        "description": "The parts the reader may open, in order (private ones: the owner's and "
                       "the admins' only)"})
    is_owner = fields.Boolean(data_key="isOwner", required=True, metadata={
        "description": "The reader may rename, reorder and add parts"})


class NextPartSchema(Schema):
    """What "Write the next part" starts from: the creation form filled from the last part."""

    seriesId = fields.Integer(required=True)
    seriesTitle = fields.String(required=True)
    part = fields.Integer(required=True, metadata={"description": "The new part's number"})
    previousStoryId = fields.Integer(allow_none=True, required=True)
    form = fields.Dict(required=True, metadata={
        "description": "The creation form's fields (genre, mood, setting, characters …) as the "
                       "last part had them, with a suggested title"})
