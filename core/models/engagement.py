"""Likes, shares and counted views."""
import peewee

from core.db import BaseModel
from core.models.base import utcnow
from core.models.content import Story, Video
from core.models.users import User


class Like(BaseModel):
    user = peewee.ForeignKeyField(User, backref="likes", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="likes", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="likes", null=True, on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "likes"
        indexes = (
            (("user", "story"), True),
            (("user", "video"), True),
            (("story", "created_at"), False),
            (("video", "created_at"), False),
        )


class Share(BaseModel):
    user = peewee.ForeignKeyField(User, backref="shares", on_delete="CASCADE")
    story = peewee.ForeignKeyField(Story, backref="shares", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="shares", null=True, on_delete="CASCADE")
    platform = peewee.CharField(max_length=30)
    share_type = peewee.CharField(max_length=20)  # link, social or email (from the share target)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "shares"
        indexes = (
            (("story", "created_at"), False),
            (("video", "created_at"), False),
        )


class View(BaseModel):
    """One counted view; a viewer counts again on the same content only after an hour."""

    story = peewee.ForeignKeyField(Story, backref="view_rows", null=True, on_delete="CASCADE")
    video = peewee.ForeignKeyField(Video, backref="view_rows", null=True, on_delete="CASCADE")
    viewer = peewee.CharField(max_length=80)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "views"
        indexes = (
            (("story", "viewer", "created_at"), False),
            (("video", "viewer", "created_at"), False),
        )
