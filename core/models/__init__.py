"""Peewee models for every entity of the spec, with their query scopes, one module per part of
the product; everything is importable from ``core.models``."""
from core.models.base import ADMIN_ROLES, ROLES, JSONField, NeverReusedId, Stamped, utcnow
from core.models.community import Follow, Notification
from core.models.content import FEED_INDEXES, Comment, Content, Story, Video
from core.models.drafts import Draft
from core.models.engagement import Like, Share, View
from core.models.jobs import Job, new_job_id
from core.models.moderation import AuditEntry, Report
from core.models.users import User, UserSession

CORE_MODELS = [User, Story, Video, Comment, Like, Share, View, Job]
MODERATION_MODELS = [Report, AuditEntry]
SESSION_MODELS = [UserSession]
COMMUNITY_MODELS = [Follow, Notification]
DRAFT_MODELS = [Draft]
ALL_MODELS = (CORE_MODELS + MODERATION_MODELS + SESSION_MODELS + COMMUNITY_MODELS
              + DRAFT_MODELS)

__all__ = [
    "ADMIN_ROLES", "ALL_MODELS", "COMMUNITY_MODELS", "CORE_MODELS", "FEED_INDEXES",
    "DRAFT_MODELS", "MODERATION_MODELS", "ROLES", "SESSION_MODELS", "AuditEntry", "Comment",
    "Content", "Draft", "Follow", "JSONField", "Job", "Like", "NeverReusedId", "Notification",
    "Report", "Share", "Stamped", "Story", "User", "UserSession", "Video", "View", "new_job_id", "utcnow",
]
