"""The reading list and reading progress: bookmark state, progress, the list's entries, and the
community views of a story and a video with the reader's own marks."""
from marshmallow import Schema, fields, validate

from core.schemas.common import InputSchema, UTCDateTime
from core.schemas.stories import StoryCardSchema, StorySchema
from core.schemas.videos import VideoCardSchema, VideoSchema

PROGRESS_ERROR = "Position must be a number from 0 (the top) to 1 (the end)"


class BookmarkStateSchema(Schema):
    bookmarked = fields.Boolean(required=True)


class ProgressBody(InputSchema):
    position = fields.Float(required=True, allow_nan=False, validate=validate.Range(
        min=0, max=1, error=PROGRESS_ERROR), error_messages={
        "required": "Position is required (a number from 0 to 1)", "invalid": PROGRESS_ERROR,
        "null": PROGRESS_ERROR},
        metadata={"description": "How far through the text: 0 the top, 1 the end"})


class ProgressSchema(Schema):
    position = fields.Float(required=True)
    updatedAt = UTCDateTime(required=True)


class BookmarkSchema(Schema):
    """One entry of your reading list: a story card or a video card."""

    id = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"enum": ["story", "video"]})
    created_at = UTCDateTime(data_key="createdAt", required=True, metadata={
        "description": "When you bookmarked it"})
    story = fields.Nested(StoryCardSchema, allow_none=True, required=True)
    video = fields.Nested(VideoCardSchema, allow_none=True, required=True)
    reading_progress = fields.Float(data_key="readingProgress", allow_none=True, required=True,
                                    metadata={"description": "A story's: how far you read it "
                                                             "(0 to 1); null when never opened"})


class StoryCommunitySchema(StorySchema):
    """A story with fresh counts and the reader's own marks."""

    isBookmarked = fields.Boolean(dump_default=False, metadata={
        "description": "On your reading list"})
    readingProgress = fields.Float(allow_none=True, dump_default=None, metadata={
        "description": "How far you read it (0 to 1); null when never, or signed out"})


class VideoCommunitySchema(VideoSchema):
    """A video with fresh counts and the reader's own marks."""

    is_bookmarked = fields.Boolean(data_key="isBookmarked", dump_default=False, metadata={
        "description": "On your reading list"})
