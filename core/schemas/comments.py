"""Comments and replies (one reply level)."""
from marshmallow import fields

from core.schemas.common import AuthorSchema, Id, InputSchema, UTCDateTime


class CommentSchema(InputSchema):
    id = fields.Integer()
    userId = fields.Integer(attribute="user_id")
    storyId = fields.Integer(attribute="story_id", allow_none=True)
    videoId = fields.Integer(attribute="video_id", allow_none=True)
    parentId = fields.Integer(attribute="parent_id", allow_none=True)
    content = fields.String()
    createdAt = UTCDateTime(attribute="created_at")
    updatedAt = UTCDateTime(attribute="updated_at")
    user = fields.Nested(AuthorSchema, only=("id", "firstName", "lastName", "profileImageUrl"))


class CommentBody(InputSchema):
    content = fields.Raw(load_default="")
    parentId = Id(load_default=None, allow_none=True)


class ShareBody(InputSchema):
    platform = fields.String(required=True, error_messages={"required": "Platform is required"})
    shareType = fields.String(required=True, error_messages={"required": "Share type is required"})


class ReportBody(InputSchema):
    reason = fields.String(load_default="")
