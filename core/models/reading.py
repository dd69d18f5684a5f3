"""The reading list and reading progress (migration 0022)."""
import peewee

from core.db import BaseModel
from core.models.base import NeverReusedId, utcnow
from core.models.content import Story, Video
from core.models.users import User


class Bookmark(BaseModel):
    """A story or a video on ``user``'s reading list (exactly one of the two is set)."""

    id = NeverReusedId()
    user = peewee.ForeignKeyField(User, backref="bookmarks", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE", backref="+")
    video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE", backref="+")
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "bookmarks"
        # one bookmark per item; the list reads (user, id) newest first
        indexes = ((("user", "story"), True), (("user", "video"), True), (("user", "id"), False))


class ReadingProgress(BaseModel):
    """How far ``user`` has read ``story``: ``position`` from 0 (the top) to 1 (the end)."""

    user = peewee.ForeignKeyField(User, backref="+", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="+", on_delete="CASCADE")
    position = peewee.FloatField(default=0)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "reading_progress"
        indexes = ((("user", "story"), True),)
