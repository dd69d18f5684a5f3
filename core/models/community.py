"""The community (migration 0019): following and notifications."""
import peewee

from core.db import BaseModel
from core.models.base import NeverReusedId, utcnow
from core.models.content import Comment, Story, Video
from core.models.users import User


class Follow(BaseModel):
    """``follower`` follows ``followed``: the author page's counts and the Following feeds."""

    follower = peewee.ForeignKeyField(User, backref="following", on_delete="CASCADE")
    followed = peewee.ForeignKeyField(User, backref="followers", on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "follows"
        indexes = ((("follower", "followed"), True), (("followed", "created_at"), False))


class Notification(BaseModel):
    """One line of a user's bell (``core.notifications`` for the kinds); likes of one item are
    one row while unread: ``actors_count`` people like it now and liked it at or after
    ``likes_since``, ``actor`` is the latest of them."""

    id = NeverReusedId()
    user = peewee.ForeignKeyField(User, backref="notifications", on_delete="CASCADE")
    kind = peewee.CharField(max_length=30)
    actor = peewee.ForeignKeyField(User, null=True, on_delete="CASCADE", backref="+")
    actors_count = peewee.IntegerField(default=1)
    story = peewee.ForeignKeyField(Story, null=True, on_delete="CASCADE", backref="+")
    video = peewee.ForeignKeyField(Video, null=True, on_delete="CASCADE", backref="+")
    comment = peewee.ForeignKeyField(Comment, null=True, on_delete="CASCADE", backref="+")
    detail = peewee.CharField(max_length=300, default="")
    likes_since = peewee.DateTimeField(null=True)
    is_read = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "notifications"
        # the bell's count and the page, newest first: both read this index only
        indexes = ((("user", "is_read", "id"), False),)
