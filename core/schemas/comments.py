"""Comments and replies (one reply level)."""
from marshmallow import fields

from core.schemas.common import AuthorSchema, Id, InputSchema, UTCDateTime


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


class CommentBody(InputSchema):
    content = fields.Raw(load_default="")
    parentId = Id(load_default=None, allow_none=True)


class ShareBody(InputSchema):
    platform = fields.String(required=True, error_messages={"required": "Platform is required"})
    shareType = fields.String(required=True, error_messages={"required": "Share type is required"})


class ReportBody(InputSchema):
    reason = fields.String(load_default="")
