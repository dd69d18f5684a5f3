"""Comments and replies (one reply level)."""
from marshmallow import ValidationError, fields

from core.schemas.common import (
    AuthorSchema,
    Id,
    InputSchema,
    RequiredText,
    UTCDateTime,
    shows_something,
)

MAX_COMMENT = 5000
MAX_REASON = 1000
COMMENT_TOO_LONG = f"Comment must be at most {MAX_COMMENT:,} characters"


class CommentSchema(InputSchema):
    id = fields.Integer()
    user_id = fields.Integer(data_key="userId")
    story_id = fields.Integer(data_key="storyId", allow_none=True)
    video_id = fields.Integer(data_key="videoId", allow_none=True)
    parent_id = fields.Integer(data_key="parentId", allow_none=True)
    content = fields.String()
    created_at = UTCDateTime(data_key="createdAt")
    updated_at = UTCDateTime(data_key="updatedAt")
    user = fields.Nested(AuthorSchema, only=("id", "first_name", "last_name", "profile_image_url"))


class CommentText(RequiredText):
    """A comment's text: it must show something ('Please enter a comment', or 'Please enter a
    reply' when the body names a ``parentId``)."""

    def deserialize(self, value, attr=None, data=None, **kwargs):
        replying = isinstance(data, dict) and data.get("parentId") not in (None, "")
        if replying and not shows_something(value):
            raise ValidationError("Please enter a reply")
        return super().deserialize(value, attr, data, **kwargs)


class CommentBody(InputSchema):
    """A new comment, or a reply with ``parentId``."""

    content = CommentText("Please enter a comment", MAX_COMMENT, COMMENT_TOO_LONG, required=True)
    parentId = Id(load_default=None, allow_none=True)


class CommentEditBody(InputSchema):
    content = RequiredText("Please enter comment content", MAX_COMMENT, COMMENT_TOO_LONG,
                           required=True)


class ShareBody(InputSchema):
    """An enabled share target's ``platform`` and its ``shareType`` (``ShareChoice``)."""

    class Meta(InputSchema.Meta):
        openapi = {"allOf": [{"$ref": "#/components/schemas/ShareChoice"}]}

    platform = fields.String(required=True, error_messages={"required": "Platform is required"})
    shareType = fields.String(required=True, error_messages={"required": "Share type is required"})


class ReportBody(InputSchema):
    reason = RequiredText("Please give a reason for the report", MAX_REASON,
                          f"Reason must be at most {MAX_REASON:,} characters", required=True)
