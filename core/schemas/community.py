"""Authors and following, notifications: the author page, follow state, the bell and its settings."""
from marshmallow import Schema, fields, validate

from core import notification_kinds
from core.schemas.common import AuthorSchema, InputSchema, ListArgs, Trimmed, UTCDateTime

MAX_BIO = 300
MAX_IMAGE_URL = 500
#: an avatar's address: http(s) or a path of this site; empty removes it
WEB_ADDRESS = r"^$|^([Hh][Tt][Tt][Pp][Ss]?://|/)"


class ProfileSchema(Schema):
    """An author's public page; ``email`` only for that user and for admins."""

    id = fields.Integer(required=True)
    first_name = fields.String(data_key="firstName", required=True)
    last_name = fields.String(data_key="lastName", required=True)
    profile_image_url = fields.String(data_key="profileImageUrl", allow_none=True, required=True)
    bio = fields.String(required=True)
    email = fields.String(metadata={"description": "Only for that user and for admins"})
    created_at = UTCDateTime(data_key="createdAt", required=True)
    followersCount = fields.Integer(required=True)
    followingCount = fields.Integer(required=True)
    isFollowedByUser = fields.Boolean(required=True)
    storiesCount = fields.Integer(required=True, metadata={
        "description": "Public stories (private ones too for that user and for admins)"})
    videosCount = fields.Integer(required=True)
    showMature = fields.Boolean(metadata={"description": "Only for that user: sees mature (18+) "
                                                         "stories and videos"})


class ProfileEditSchema(InputSchema):
    """``PATCH /api/users/me``: the bio and the avatar's address (each optional)."""

    bio = Trimmed(validate=validate.Length(
        max=MAX_BIO, error=f"Bio must be at most {MAX_BIO} characters"))
    profileImageUrl = Trimmed(allow_none=True, validate=[
        validate.Length(max=MAX_IMAGE_URL,
                        error=f"Avatar address must be at most {MAX_IMAGE_URL} characters"),
        validate.Regexp(WEB_ADDRESS, error="Avatar must be a web address (https://…)")],
        metadata={"description": "https://…, or empty to remove it"})
    showMature = fields.Boolean(metadata={"description": "See mature (18+) stories and videos"})


class FollowStateSchema(Schema):
    following = fields.Boolean(required=True)
    followersCount = fields.Integer(required=True)


class NotificationArgs(ListArgs):
    unread = fields.Boolean(load_default=False, metadata={"description": "1: unread ones only"})


class NotificationSchema(Schema):
    """One line of the bell. ``link`` is the page it opens (null when the item is gone)."""

    id = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"enum": list(notification_kinds.names())})
    text = fields.String(required=True, metadata={"example": "Mara Vale and 4 others liked “Tide”"})
    link = fields.String(required=True, allow_none=True)
    actor = fields.Nested(AuthorSchema, allow_none=True, required=True)
    actorsCount = fields.Integer(required=True)
    isRead = fields.Boolean(required=True)
    createdAt = UTCDateTime(required=True)


class UnreadCountSchema(Schema):
    unread = fields.Integer(required=True)


class MarkReadSchema(InputSchema):
    """``{"ids": [...]}`` or ``{"all": true}``."""

    ids = fields.List(fields.Integer(validate=validate.Range(min=1, max=2**53)), validate=[
        validate.Length(min=1, error='Send "ids" (a list of notification ids) or "all": true'),
        validate.Length(max=100, error="At most 100 ids at a time")])
    all = fields.Boolean(metadata={"description": "true: every notification of yours"})


class MarkedSchema(Schema):
    marked = fields.Integer(required=True, metadata={"description": "How many became read"})
    unread = fields.Integer(required=True)


class KindSettingSchema(Schema):
    kind = fields.String(required=True, metadata={"enum": list(notification_kinds.names())})
    label = fields.String(required=True)
    enabled = fields.Boolean(required=True)


class NotificationSettingsSchema(InputSchema):
    """Every kind, switched on or off (``PUT`` takes ``{"off": [kinds]}``)."""

    kinds = fields.List(fields.Nested(KindSettingSchema), required=True)


class NotificationSettingsBody(InputSchema):
    off = fields.List(fields.String(validate=validate.OneOf(
        notification_kinds.names(), error="Unknown notification kind '{input}'")), required=True,
        error_messages={"required": "off is required (the kinds to switch off)"})
