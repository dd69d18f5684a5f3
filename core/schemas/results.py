"""The small answers of actions (like, share, report, delete, close a report, start a job), the ad
and share-menu shapes, and the media files: so every operation documents its 2xx body.

Each schema describes the dict its route already returns, field for field and in the same order
(dumping through it changes nothing). Shapes a plugin may extend (an ad) are documented only:
their routes answer what the plugin returns.
"""
from marshmallow import Schema, fields

from core.choices import REPORT_STATES, JobStatus
from core.schemas.common import enum_field
from core.story_plan import StoryPlanSchema

JOB_STATUSES = tuple(JobStatus)
AD_SLOTS = ("banner", "feed", "sidebar")


class MessageSchema(Schema):
    """``{"message": ...}``: what a delete answers."""

    message = fields.String()


class DeletedUserSummarySchema(Schema):
    """How many of the user's things went with them."""

    stories = fields.Integer()
    videos = fields.Integer()
    comments = fields.Integer()
    likes = fields.Integer()
    shares = fields.Integer()


class UserDeletedSchema(MessageSchema):
    deleted = fields.Nested(DeletedUserSummarySchema)


class LikeStateSchema(Schema):
    liked = fields.Boolean()
    likesCount = fields.Integer()


class ShareResultSchema(Schema):
    """``recorded`` is false for visitors: only signed-in users' shares are kept."""

    recorded = fields.Boolean()
    sharesCount = fields.Integer()


class ReportStateSchema(Schema):
    """A report just filed (open) or just closed (resolved or dismissed)."""

    id = fields.Integer()
    status = enum_field(REPORT_STATES)
    message = fields.String()


class JobStartedSchema(Schema):
    """A job queued or running: poll ``GET /api/jobs/{jobId}``."""

    jobId = fields.String()
    status = enum_field(JOB_STATUSES)
    progress = fields.Integer()
    message = fields.String(allow_none=True)


WRITER = {"description": "Which writer wrote it (\"Offline engine\", \"Gemma 3 4B IT "
                        "(llama.cpp)\"): save it with the story"}


class GeneratedStorySchema(Schema):
    """A written story and the plan it was written from (from writers that keep one)."""

    title = fields.String()
    content = fields.String()
    plan = fields.Nested(StoryPlanSchema)
    writer = fields.String(metadata=WRITER)


class OutlineResultSchema(Schema):
    """An outline: the plan of the story the form asks for, without prose."""

    plan = fields.Nested(StoryPlanSchema)


class EnhancedTextSchema(Schema):
    content = fields.String()


class ContinuedTextSchema(Schema):
    """Continue's result: the whole text with the new part after it, and the new part alone."""

    content = fields.String()
    added = fields.String()
    writer = fields.String(metadata=WRITER)


class RewritesSchema(Schema):
    """Rewrite's result: three different rewritings of the paragraph, and the whole text with
    each in its place (the other paragraphs as they were)."""

    paragraph = fields.Integer()
    alternatives = fields.List(fields.String())
    contents = fields.List(fields.String())
    writer = fields.String(metadata=WRITER)


class AdSettingsSchema(Schema):
    provider = fields.String(allow_none=True)
    slots = fields.List(enum_field(AD_SLOTS))
    feedEvery = fields.Integer()


class AdSchema(Schema):
    """An ad: ``house`` (a card: title, body, href, image, cta, label) or ``script`` (html); the
    provider may add keys."""

    kind = fields.String()
    title = fields.String()
    body = fields.String()
    href = fields.String()
    image = fields.String(allow_none=True)
    cta = fields.String(allow_none=True)
    label = fields.String(allow_none=True)
    html = fields.String()
    slot = enum_field(AD_SLOTS)
    width = fields.Integer(allow_none=True)
    height = fields.Integer(allow_none=True)


class ShareTargetSchema(Schema):
    """An entry of the share menu; ``url`` (ready to open) when the request gave ``?url=``."""

    id = fields.String()
    label = fields.String()
    icon = fields.String(allow_none=True)
    shareType = fields.String()
    popup = fields.Boolean()
    urlTemplate = fields.String(allow_none=True)
    url = fields.String(allow_none=True)


def file_response(description, *mimetypes):
    """An OpenAPI response whose body is a file of one of ``mimetypes``."""
    binary = {"schema": {"type": "string", "format": "binary"}}
    return {"description": description, "content": {mimetype: binary for mimetype in mimetypes}}
