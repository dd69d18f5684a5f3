"""Drafts (migration 0023): the story being written on /create, kept on the server until it is
saved as a story or discarded, so that a closed tab or a lost connection loses no writing."""
import peewee

from core.db import BaseModel
from core.models.base import JSONField, NeverReusedId, Stamped, utcnow
from core.models.users import User


class Draft(Stamped, BaseModel):
    """An author's draft: the creation form (``settings``), the title, the text and the plan it
    was written from; one per author (``user`` is unique), the id never given twice."""

    id = NeverReusedId()
    user = peewee.ForeignKeyField(User, backref="drafts", on_delete="CASCADE", unique=True)
    title = peewee.CharField(max_length=200, default="")
    content = peewee.TextField(default="")
    writer = peewee.CharField(max_length=80, default="")
    settings = JSONField(default=dict)
    plan = JSONField(null=True)
    #: one more at every save: a save from an older revision is refused (migration 0025)
    revision = peewee.IntegerField(default=1)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "drafts"
