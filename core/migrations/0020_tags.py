"""Tags, content warnings and mature (18+) content.

* ``stories`` and ``videos``: ``tags`` and ``content_warnings`` (JSON lists, empty for everything
  made before) and ``is_mature`` (false);
* ``users.show_mature``: the reader opted in to mature content (false: nobody has yet);
* ``story_tags`` and ``video_tags``: one row per tag of an item, indexed by tag (the ``?tag=``
  filter and the suggestions as you type).

Plain ``ADD COLUMN`` with a default on both backends, as in 0019."""
import peewee


def tables(db):
    class Frozen(peewee.Model):
        class Meta:
            database = db
            legacy_table_names = False

    def existing(name):
        class Existing(Frozen):
            class Meta:
                table_name = name
        return Existing

    stories, videos = existing("stories"), existing("videos")

    class StoryTag(Frozen):
        story = peewee.ForeignKeyField(stories, on_delete="CASCADE")
        tag = peewee.CharField(max_length=30)

        class Meta:
            table_name = "story_tags"
            primary_key = peewee.CompositeKey("story", "tag")
            indexes = ((("tag", "story"), False),)

    class VideoTag(Frozen):
        video = peewee.ForeignKeyField(videos, on_delete="CASCADE")
        tag = peewee.CharField(max_length=30)

        class Meta:
            table_name = "video_tags"
            primary_key = peewee.CompositeKey("video", "tag")
            indexes = ((("tag", "video"), False),)

    return [StoryTag, VideoTag]


def columns(sqlite):
    false = "0" if sqlite else "FALSE"
    boolean = "INTEGER" if sqlite else "BOOLEAN"
    added = []
    for table in ("stories", "videos"):
        added += [(table, "tags", "TEXT NOT NULL DEFAULT '[]'"),
                  (table, "content_warnings", "TEXT NOT NULL DEFAULT '[]'"),
                  (table, "is_mature", f"{boolean} NOT NULL DEFAULT {false}")]
    return (*added, ("users", "show_mature", f"{boolean} NOT NULL DEFAULT {false}"))


def upgrade(db, migrator):
    for table, name, kind in columns(isinstance(db, peewee.SqliteDatabase)):
        if name not in {column.name for column in db.get_columns(table)}:
            db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "{name}" {kind}')
    db.create_tables(tables(db), safe=True)
