"""Admin panel: query arguments, bodies and the shapes of users, content, reports and the audit log."""
from marshmallow import ValidationError, fields, pre_load, validate, validates_schema

from core.choices import (
    AUDIT_ACTIONS,
    AUDIT_TARGET_TYPES,
    REPORT_FILTERS,
    REPORT_STATES,
    STORY_FILTERS,
    USER_FILTERS,
    VIDEO_FILTERS,
)
from core.models import ADMIN_ROLES, ROLES
from core.schemas.common import (
    AdminAuthorSchema,
    ChoiceArg,
    Id,
    InputSchema,
    Limit,
    PageNumber,
    RequiredText,
    UTCDateTime,
    enum_field,
)
from core.schemas.stories import StorySchema
from core.schemas.users import UserSchema
from core.schemas.videos import SettingChoice, VideoSchema

USER_ROLE_FILTERS = ("all", "user", "admin", "super_admin")
REPORT_TYPES = ("all", "story", "video", "comment")


class PageArgs(InputSchema):
    """``?limit=`` (1-100, default 20) and ``?page=`` (1-based, default 1)."""

    limit = Limit(load_default=20)
    page = PageNumber(load_default=1)

    @pre_load
    def _blank_to_none(self, data, **kwargs):
        """A blank text argument means "not given"; a blank number is not a number (400)."""
        return {key: value for key, value in data.items() if value not in ("", None)
                or isinstance(self.fields.get(key), fields.Integer)}


class UserListArgs(PageArgs):
    role = ChoiceArg(USER_ROLE_FILTERS, "all")
    status = ChoiceArg(USER_FILTERS, "all")
    search = fields.String(load_default="")


class ContentListArgs(PageArgs):
    search = fields.String(load_default="")
    filter = ChoiceArg(STORY_FILTERS, "all")
    status = ChoiceArg(STORY_FILTERS, None)
    userId = Id(load_default=None)


class VideoListArgs(ContentListArgs):
    filter = ChoiceArg(VIDEO_FILTERS, "all")
    status = ChoiceArg(VIDEO_FILTERS, None)


class ReportListArgs(PageArgs):
    status = ChoiceArg(REPORT_FILTERS, "open")
    type = ChoiceArg(REPORT_TYPES, "all")


class AuditListArgs(PageArgs):
    action = ChoiceArg(AUDIT_ACTIONS, None)
    targetType = ChoiceArg(AUDIT_TARGET_TYPES, None)
    targetId = Id(load_default=None)
    actorId = Id(load_default=None)


class UserPatchBody(InputSchema):
    """``role`` and/or ``isActive``: at least one of them."""

    class Meta(InputSchema.Meta):
        openapi = {"anyOf": [{"required": ["role"]}, {"required": ["isActive"]}]}

    role = SettingChoice(ROLES, "role")
    isActive = fields.Boolean(error_messages={"invalid": "isActive must be true or false"})

    @validates_schema
    def _something_to_update(self, data, **kwargs):
        if not data:
            raise ValidationError("Nothing to update: send role and/or isActive")


MAX_REASON = 280  # a moderator's word to an author on hiding their work (the bell keeps 300)
MAX_NOTE = 1000  # a ban reason, a report's resolution note (core.services.reports.MAX_REASON)
BAN_DURATIONS = (1, 7, 30)
EXPIRES_MESSAGE = ("expiresAt must be an ISO date and time in the future "
                   "(or null for a permanent ban)")


class BanBody(InputSchema):
    """``{reason, expiresAt}`` (null: permanent) or ``{reason, durationDays}``, not both. The
    service reads the dates (``core.services.admin.bans``)."""

    class Meta(InputSchema.Meta):
        # not both an end date and a duration
        openapi = {"not": {"required": ["expiresAt", "durationDays"], "properties": {
            "expiresAt": {"type": "string", "minLength": 1},
            "durationDays": {"type": "integer"}}}}

    reason = RequiredText("Ban reason is required", MAX_NOTE,
                          f"Ban reason must be at most {MAX_NOTE:,} characters", required=True,
                          error_messages={"invalid": "Ban reason is required"})
    expiresAt = fields.String(load_default=None, allow_none=True, metadata={
        "format": "date-time"}, error_messages={"invalid": EXPIRES_MESSAGE})
    durationDays = fields.Integer(load_default=None, allow_none=True, strict=True, metadata={
        "enum": [*BAN_DURATIONS, None]}, error_messages={
        "invalid": "durationDays must be 1, 7 or 30 (or null for a permanent ban)"})


class VisibilityBody(InputSchema):
    isPublic = fields.Boolean(required=True, error_messages={
        "invalid": "isPublic must be true or false", "required": "isPublic is required",
        "null": "isPublic is required"})
    reason = fields.String(load_default=None, allow_none=True, validate=validate.Length(
        max=MAX_REASON, error=f"Reason must be at most {MAX_REASON} characters"), metadata={
        "description": "Told to the author in the notification of the change"})


class NoteBody(InputSchema):
    note = fields.String(load_default=None, allow_none=True, validate=validate.Length(
        max=MAX_NOTE, error=f"Note must be at most {MAX_NOTE:,} characters"))


# --- responses ----------------------------------------------------------------------------------


class AdminCheckSchema(InputSchema):
    isAdmin = fields.Boolean()
    role = enum_field(ADMIN_ROLES)


class AdminStatsSchema(InputSchema):
    totalUsers = fields.Integer()
    activeUsers = fields.Integer()
    inactiveUsers = fields.Integer()
    bannedUsers = fields.Integer()
    adminUsers = fields.Integer()
    totalStories = fields.Integer()
    publicStories = fields.Integer()
    totalVideos = fields.Integer()
    publicVideos = fields.Integer()
    totalViews = fields.Integer()
    openReports = fields.Integer()


class AdminUserSchema(UserSchema):
    is_banned = fields.Method("_banned", data_key="isBanned")
    banned_at = UTCDateTime(data_key="bannedAt", allow_none=True)
    updated_at = UTCDateTime(data_key="updatedAt")

    def _banned(self, user):
        return user.ban_in_force()


class AdminStorySchema(StorySchema):
    user = fields.Nested(AdminAuthorSchema)


class AdminVideoSchema(VideoSchema):
    """The admin list shows the video as its owner sees it."""

    user = fields.Nested(AdminAuthorSchema)


class ReportTargetSchema(InputSchema):
    type = enum_field(("story", "video", "comment"))
    id = fields.Integer()
    title = fields.String(allow_none=True)
    excerpt = fields.String(allow_none=True)
    isPublic = fields.Boolean(allow_none=True)
    storyId = fields.Integer(allow_none=True)
    videoId = fields.Integer(allow_none=True)
    authorId = fields.Integer(allow_none=True)
    authorName = fields.String(allow_none=True)
    authorEmail = fields.String(allow_none=True)


class PersonSchema(InputSchema):
    id = fields.Integer()
    name = fields.String()
    email = fields.String()


class ReportSchema(InputSchema):
    id = fields.Integer()
    status = enum_field(REPORT_STATES)
    reason = fields.String()
    isSystem = fields.Boolean()
    reporter = fields.Nested(PersonSchema, allow_none=True)
    reporterName = fields.String()
    target = fields.Nested(ReportTargetSchema)
    createdAt = UTCDateTime()
    resolvedAt = UTCDateTime(allow_none=True)
    resolvedBy = fields.Nested(PersonSchema, allow_none=True)
    resolutionNote = fields.String(allow_none=True)


class AuditEntrySchema(InputSchema):
    id = fields.Integer()
    actor_id = fields.Integer(data_key="actorId", allow_none=True)
    actor_email = fields.String(data_key="actorEmail")
    action = enum_field(AUDIT_ACTIONS)
    target_type = enum_field(AUDIT_TARGET_TYPES, data_key="targetType")
    target_id = fields.Integer(data_key="targetId", allow_none=True)
    target_label = fields.String(data_key="targetLabel")
    reason = fields.String(allow_none=True)
    details = fields.Raw(allow_none=True)
    created_at = UTCDateTime(data_key="createdAt")
