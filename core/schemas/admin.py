"""Admin panel: query arguments, bodies and the shapes of users, content, reports and the audit log."""
from marshmallow import fields, pre_load

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
    Choice,
    ChoiceArg,
    Id,
    InputSchema,
    Limit,
    PageNumber,
    UTCDateTime,
    enum_field,
)
from core.schemas.stories import StorySchema
from core.schemas.users import UserSchema
from core.schemas.videos import VideoSchema

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
    role = Choice(ROLES, "role")
    isActive = fields.Boolean(error_messages={"invalid": "isActive must be true or false"})


class BanBody(InputSchema):
    # Checked in the service so every malformed value gives the product's message.
    reason = fields.Raw(load_default=None, allow_none=True)
    expiresAt = fields.Raw(load_default=None, allow_none=True)
    durationDays = fields.Raw(load_default=None, allow_none=True)


class VisibilityBody(InputSchema):
    # Required, but checked after the admin check so a visitor gets 401 before any 400.
    isPublic = fields.Boolean(load_default=None, allow_none=True, error_messages={
        "invalid": "isPublic must be true or false"})


class NoteBody(InputSchema):
    note = fields.String(load_default=None, allow_none=True)


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
