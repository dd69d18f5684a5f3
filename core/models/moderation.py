"""Moderation (migration 0002): reports and the audit log."""
import peewee

from core.db import BaseModel
from core.models.base import JSONField, utcnow
from core.models.content import Comment, Story, Video
from core.models.users import User


class Report(BaseModel):
    """A user's report of a story, video or comment; ``reporter`` is empty for a filter's flag."""

    reporter = peewee.ForeignKeyField(User, backref="reports", null=True, on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE")
    comment = peewee.ForeignKeyField(Comment, null=True, on_delete="CASCADE")
    reason = peewee.TextField()
    status = peewee.CharField(max_length=20, default="open")  # open, resolved or dismissed
    resolved_by = peewee.ForeignKeyField(User, null=True, on_delete="SET NULL",
                                         backref="resolved_reports")
    resolution_note = peewee.TextField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    resolved_at = peewee.DateTimeField(null=True)

    class Meta:
        table_name = "reports"
        indexes = (
            (("reporter", "story"), True),
            (("reporter", "video"), True),
            (("reporter", "comment"), True),
            (("status", "created_at"), False),
        )


class AuditEntry(BaseModel):
    """One admin action: who, what, when and why. Names are copied so deletions keep it readable."""

    actor = peewee.ForeignKeyField(User, null=True, on_delete="SET NULL", backref="audit_entries")
    actor_email = peewee.CharField(max_length=254, default="")
    action = peewee.CharField(max_length=50)
    target_type = peewee.CharField(max_length=20)
    target_id = peewee.IntegerField(null=True)
    target_label = peewee.CharField(max_length=300, default="")
    reason = peewee.TextField(null=True)
    details = JSONField(null=True)
    created_at = peewee.DateTimeField(default=utcnow, index=True)

    class Meta:
        table_name = "audit_log"
