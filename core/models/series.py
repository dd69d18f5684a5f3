"""Series (migration 0021): an author's stories told in parts; a story's place in one is on the
story (``stories.series_id``, ``stories.series_part``)."""
import peewee

from core.db import BaseModel
from core.models.base import NeverReusedId, Stamped, utcnow
from core.models.users import User


class Series(Stamped, BaseModel):
    """A titled run of one author's stories; its parts are the stories that name it, in
    ``series_part`` order (1, 2, 3 … with no gap: ``core.services.series`` keeps them so)."""

    id = NeverReusedId()  # an old link never opens a newer series
    user = peewee.ForeignKeyField(User, backref="series", on_delete="CASCADE")
    title = peewee.CharField(max_length=200)
    description = peewee.TextField(default="")
    #: a private series (and the fact that a story belongs to it) is its owner's and the admins'
    is_public = peewee.BooleanField(default=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "series"
        indexes = ((("user", "created_at"), False),)

    def is_visible_to(self, user):
        return self.is_public or (user is not None and (user.id == self.user_id or user.is_admin))
