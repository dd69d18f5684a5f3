"""Peewee models for every entity of the spec, with their query scopes, one module per part of
the product; everything is importable from ``core.models``."""
from core.models.base import ADMIN_ROLES, ROLES, JSONField, NeverReusedId, Stamped, utcnow
from core.models.community import Follow, Notification
from core.models.content import FEED_INDEXES, Comment, Content, Story, Video
from core.models.drafts import Draft
from core.models.engagement import Like, Share, View
from core.models.jobs import Job, new_job_id
from core.models.moderation import AuditEntry, Report
from core.models.reading import Bookmark, ReadingProgress
from core.models.series import Series
from core.models.tags import StoryTag, VideoTag
from core.models.users import User, UserSession

CORE_MODELS = [User, Story, Video, Comment, Like, Share, View, Job]
MODERATION_MODELS = [Report, AuditEntry]
SESSION_MODELS = [UserSession]
COMMUNITY_MODELS = [Follow, Notification]
DRAFT_MODELS = [Draft]
READING_MODELS = [Bookmark, ReadingProgress]
SERIES_MODELS = [Series]
TAG_MODELS = [StoryTag, VideoTag]
ALL_MODELS = (CORE_MODELS[:1] + SERIES_MODELS + CORE_MODELS[1:] + MODERATION_MODELS
              + SESSION_MODELS + COMMUNITY_MODELS + TAG_MODELS + READING_MODELS + DRAFT_MODELS)

__all__ = [
    "ADMIN_ROLES", "ALL_MODELS", "COMMUNITY_MODELS", "CORE_MODELS", "DRAFT_MODELS",
    "FEED_INDEXES", "MODERATION_MODELS", "READING_MODELS", "ROLES", "SERIES_MODELS",
    "SESSION_MODELS", "TAG_MODELS", "AuditEntry", "Bookmark", "Comment", "Content", "Draft",
    "Follow", "JSONField", "Job", "Like", "NeverReusedId", "Notification", "ReadingProgress",
    "Report", "Series", "Share", "Stamped", "Story", "StoryTag", "User", "UserSession", "Video",
    "VideoTag", "View", "new_job_id", "utcnow",
]
