"""Authors and following, notifications, and the story's consent to videos.

* ``users.bio`` (the author page's short bio) and ``users.notifications_off`` (JSON list of the
  notification kinds a user switched off; empty: all on);
* ``stories.allow_videos``: others may make videos of the story; every story written before it
  keeps allowing them, as before;
* ``follows`` (who follows whom) and ``notifications`` (one row per line of the bell; the id is
  never given twice, as in 0013).

Plain ``ADD COLUMN`` with a default on both backends, as in 0006."""
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

    users, stories, videos, comments = (existing(name) for name in
                                        ("users", "stories", "videos", "comments"))

    class Follow(Frozen):
        follower = peewee.ForeignKeyField(users, on_delete="CASCADE")
        followed = peewee.ForeignKeyField(users, on_delete="CASCADE")
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "follows"
            indexes = ((("follower", "followed"), True), (("followed", "created_at"), False))

    class Notification(Frozen):
        id = NeverReusedId()
        user = peewee.ForeignKeyField(users, on_delete="CASCADE")
        kind = peewee.CharField(max_length=30)
        actor = peewee.ForeignKeyField(users, null=True, on_delete="CASCADE")
        actors_count = peewee.IntegerField(default=1)
        story = peewee.ForeignKeyField(stories, null=True, on_delete="CASCADE")
        video = peewee.ForeignKeyField(videos, null=True, on_delete="CASCADE")
        comment = peewee.ForeignKeyField(comments, null=True, on_delete="CASCADE")
        detail = peewee.CharField(max_length=300, default="")
        is_read = peewee.BooleanField(default=False)
        created_at = peewee.DateTimeField(default=dt.datetime.utcnow)

        class Meta:
            table_name = "notifications"
            indexes = ((("user", "is_read", "id"), False),)

    return [Follow, Notification]


def columns(sqlite):
    true = "1" if sqlite else "TRUE"
    boolean = "INTEGER" if sqlite else "BOOLEAN"
    return (("users", "bio", "TEXT NOT NULL DEFAULT ''"),
            ("users", "notifications_off", "TEXT"),
            ("stories", "allow_videos", f"{boolean} NOT NULL DEFAULT {true}"))


def upgrade(db, migrator):
    for table, name, kind in columns(isinstance(db, peewee.SqliteDatabase)):
        if name not in {column.name for column in db.get_columns(table)}:
            db.execute_sql(f'ALTER TABLE "{table}" ADD COLUMN "{name}" {kind}')
    db.create_tables(tables(db), safe=True)
