"""Tags (migration 0020): one row per tag of a story or a video, the index of the ``?tag=``
filter and of the suggestions as you type (the item's own ``tags`` column is what it shows)."""
import peewee

from core.db import BaseModel
from core.models.content import Story, Video


class StoryTag(BaseModel):
    story = peewee.ForeignKeyField(Story, backref="tag_rows", on_delete="CASCADE")
    tag = peewee.CharField(max_length=30)

    class Meta:
        table_name = "story_tags"
        primary_key = peewee.CompositeKey("story", "tag")
        indexes = ((("tag", "story"), False),)


class VideoTag(BaseModel):
    video = peewee.ForeignKeyField(Video, backref="tag_rows", on_delete="CASCADE")
    tag = peewee.CharField(max_length=30)

    class Meta:
        table_name = "video_tags"
        primary_key = peewee.CompositeKey("video", "tag")
        indexes = ((("tag", "video"), False),)
