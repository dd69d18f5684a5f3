"""The reading list and reading progress.

* ``bookmarks``: a story or a video on a user's reading list (one row per item; the id is never
  given twice, as in 0013);
* ``reading_progress``: how far a user has read a story (0 to 1), one row per user and story."""
import datetime as dt

import peewee


def tables(db):
    sqlite = isinstance(db, peewee.SqliteDatabase)

    class NeverReusedId(peewee.AutoField):
        def ddl(self, ctx):
            nodes = super().ddl(ctx)
            return peewee.NodeList((nodes, peewee.SQL("AUTOINCREMENT"))) if sqlite else nodes

    class Frozen(peewee.Model):
        class Meta:
            database = db
            legacy_table_names = False

    def existing(name):
        class Existing(Frozen):
            class Meta:
                table_name = name
        return Existing

    users, stories, videos = (existing(name) for name in ("users", "stories", "videos"))

    class Bookmark(Frozen):
        id = NeverReusedId()
        user = peewee.ForeignKeyField(users, on_delete="CASCADE")
        story = peewee.ForeignKeyField(stories, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(videos, null=True, on_delete="CASCADE")
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "bookmarks"
            indexes = ((("user", "story"), True), (("user", "video"), True),
                       (("user", "id"), False))

    class ReadingProgress(Frozen):
        user = peewee.ForeignKeyField(users, on_delete="CASCADE")
        story = peewee.ForeignKeyField(stories, on_delete="CASCADE")
        position = peewee.FloatField(default=0)
        updated_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "reading_progress"
            indexes = ((("user", "story"), True),)

    return [Bookmark, ReadingProgress]


def upgrade(db, migrator):
    db.create_tables(tables(db), safe=True)
